<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>main</name>
    <message>
        <source>See Apache Flink&apos;s event time at work.</source>
        <translation>亲眼看看 Apache Flink 的事件时间如何运作。</translation>
    </message>
    <message>
        <source>A scenario (.json) or an event file to open.</source>
        <translation>要打开的场景（.json）或事件文件。</translation>
    </message>
    <message>
        <source>Start in presenter mode (full screen, large type).</source>
        <translation>以演示模式启动（全屏、大字体）。</translation>
    </message>
    <message>
        <source>Start at this step.</source>
        <translation>从这一步开始。</translation>
    </message>
    <message>
        <source>Start at the first step that fires a window.</source>
        <translation>从第一个触发窗口的步骤开始。</translation>
    </message>
    <message>
        <source>Use this language (zh_CN, en) instead of the system&apos;s or the one chosen in View ▸ Language.</source>
        <translation>使用此语言（zh_CN、en），而不是系统语言或在“视图 ▸ 语言”中选择的语言。</translation>
    </message>
</context>
<context>
    <name>tidemark::Narration</name>
    <message>
        <source>Nothing has happened yet: every watermark is {watermark} (Long.MIN_VALUE).</source>
        <comment>start</comment>
        <translation>尚未发生任何事：所有水位线都是 {watermark}（Long.MIN_VALUE）。</translation>
    </message>
    <message>
        <source>Record {record} ({key}, {ts}) arrives on channel {channel}.</source>
        <comment>arrival.event</comment>
        <translation>记录 {record}（{key}，{ts}）到达通道 {channel}。</translation>
    </message>
    <message>
        <source>Record {record} ({ts}) arrives on channel {channel}.</source>
        <comment>arrival.event.all</comment>
        <translation>记录 {record}（{ts}）到达通道 {channel}。</translation>
    </message>
    <message>
        <source>Watermark record {record} ({watermark}) arrives on channel {channel}.</source>
        <comment>arrival.watermark</comment>
        <translation>水位线记录 {record}（{watermark}）到达通道 {channel}。</translation>
    </message>
    <message>
        <source>Watermark record {record} ({watermark}) arrives on every channel.</source>
        <comment>arrival.watermark.all</comment>
        <translation>水位线记录 {record}（{watermark}）到达所有通道。</translation>
    </message>
    <message>
        <source>Key {key} is in key group {keyGroup} of {maxParallelism}, so subtask {subtask} processes it.</source>
        <comment>route.subtask</comment>
        <translation>键 {key} 属于键组 {keyGroup}（共 {maxParallelism} 个），因此由子任务 {subtask} 处理。</translation>
    </message>
    <message>
        <source>It goes into window {window}, which now holds {count}.</source>
        <comment>element.added</comment>
        <translation>它进入窗口 {window}，该窗口现有 {count}。</translation>
    </message>
    <message>
        <source>It goes into window {window} although the watermark {watermark} has passed the window&apos;s end − 1 ms: it is within the allowed lateness of {lateness} (cleanup at {cleanup}), so the window fires again.</source>
        <comment>element.added.late</comment>
        <translation>它进入窗口 {window}，尽管水位线 {watermark} 已越过窗口结束时间 − 1 ms：它仍在 {lateness} 的允许延迟之内（清理时间为 {cleanup}），因此窗口再次触发。</translation>
    </message>
    <message>
        <source>It belongs to no window.</source>
        <comment>element.nowindow</comment>
        <translation>它不属于任何窗口。</translation>
    </message>
    <message>
        <source>Record at {ts} is too late for window {window}: its cleanup time {cleanup} ≤ watermark {watermark} — dropped.</source>
        <comment>late.dropped</comment>
        <translation>时间戳为 {ts} 的记录对窗口 {window} 来说太迟了：其清理时间 {cleanup} ≤ 水位线 {watermark}——被丢弃。</translation>
    </message>
    <message>
        <source>Record at {ts} is too late for window {window}: its cleanup time {cleanup} ≤ watermark {watermark} — sent to the late side output.</source>
        <comment>late.side</comment>
        <translation>时间戳为 {ts} 的记录对窗口 {window} 来说太迟了：其清理时间 {cleanup} ≤ 水位线 {watermark}——被发送到迟到数据侧输出。</translation>
    </message>
    <message>
        <source>Channel {channel}&apos;s watermark becomes {watermark} (max {max} − {lag}).</source>
        <comment>channel.watermark.generator</comment>
        <translation>通道 {channel} 的水位线变为 {watermark}（最大时间戳 {max} − {lag}）。</translation>
    </message>
    <message>
        <source>Channel {channel}&apos;s watermark becomes {watermark}.</source>
        <comment>channel.watermark.record</comment>
        <translation>通道 {channel} 的水位线变为 {watermark}。</translation>
    </message>
    <message>
        <source>Channel {channel} does not forward it: its watermark is already {watermark}, and watermarks never go back.</source>
        <comment>channel.watermark.ignored</comment>
        <translation>通道 {channel} 不转发它：该通道的水位线已是 {watermark}，而水位线永不回退。</translation>
    </message>
    <message>
        <source>Channel {channel}&apos;s watermark stays at {watermark}.</source>
        <comment>channel.watermark.same</comment>
        <translation>通道 {channel} 的水位线保持在 {watermark}。</translation>
    </message>
    <message>
        <source>Channel {channel}&apos;s generator now stands at {pending} (max {max} − {lag}); it is emitted at the next periodic emission, at {next}.</source>
        <comment>channel.generator.waits</comment>
        <translation>通道 {channel} 的水位线生成器当前值为 {pending}（最大时间戳 {max} − {lag}）；它会在下一次周期性发出（{next}）时发出。</translation>
    </message>
    <message>
        <source>Channel {channel} is marked idle and left out of the minimum: the periodic check at {since} was the first to see no new record, and this check at {now} is more than {idleness} after it.</source>
        <comment>channel.idle</comment>
        <translation>通道 {channel} 被标记为空闲，不再参与取最小值：{since} 的周期检查首次发现没有新记录，而 {now} 的这次检查距那时已超过 {idleness}。</translation>
    </message>
    <message>
        <source>Channel {channel} is active again.</source>
        <comment>channel.active</comment>
        <translation>通道 {channel} 重新变为活跃。</translation>
    </message>
    <message>
        <source>Periodic watermark emission on channel {channel} (every {period}).</source>
        <comment>periodic</comment>
        <translation>通道 {channel} 周期性发出水位线（每 {period} 一次）。</translation>
    </message>
    <message>
        <source>The operator watermark advances from {before} to {after}.</source>
        <comment>operator.advance.single</comment>
        <translation>算子水位线从 {before} 推进到 {after}。</translation>
    </message>
    <message>
        <source>The operator watermark advances from {before} to {after}: it is the minimum of the channels, and channel {channel} holds it.</source>
        <comment>operator.advance</comment>
        <translation>算子水位线从 {before} 推进到 {after}：它是各通道水位线的最小值，由通道 {channel} 决定。</translation>
    </message>
    <message>
        <source>Every channel is now idle: the valve flushes the largest channel watermark, so the operator watermark advances from {before} to {after}, and the operator&apos;s input is marked idle.</source>
        <comment>operator.advance.idle</comment>
        <translation>所有通道现已空闲：阀门（valve）输出最大的通道水位线，因此算子水位线从 {before} 推进到 {after}，并且算子的输入被标记为空闲。</translation>
    </message>
    <message>
        <source>Every channel is now idle: the operator watermark stays at {watermark} (no channel watermark above it to flush), and the operator&apos;s input is marked idle.</source>
        <comment>operator.idle</comment>
        <translation>所有通道现已空闲：算子水位线保持在 {watermark}（没有比它更高的通道水位线可输出），并且算子的输入被标记为空闲。</translation>
    </message>
    <message>
        <source>The operator watermark stays at {watermark}: it is the minimum of the channels, and channel {channel} holds it back.</source>
        <comment>operator.stays</comment>
        <translation>算子水位线保持在 {watermark}：它是各通道水位线的最小值，通道 {channel} 拖住了它。</translation>
    </message>
    <message>
        <source>Window {window} fires {subject} with {count}: watermark {watermark} ≥ window end − 1 ms.</source>
        <comment>fire.ontime</comment>
        <translation>窗口 {window}{subject}触发，共 {count}：水位线 {watermark} ≥ 窗口结束时间 − 1 ms。</translation>
    </message>
    <message>
        <source>Window {window} fires {subject} with {count}: the end-of-input watermark passes every window.</source>
        <comment>fire.endofinput</comment>
        <translation>窗口 {window}{subject}触发，共 {count}：输入结束时的水位线越过了所有窗口。</translation>
    </message>
    <message>
        <source>Window {window} fires again {subject} with {count}: the late record came within the allowed lateness (watermark {watermark} &lt; cleanup time {cleanup}).</source>
        <comment>fire.late</comment>
        <translation>窗口 {window}{subject}再次触发，共 {count}：迟到的记录在允许延迟之内到达（水位线 {watermark} &lt; 清理时间 {cleanup}）。</translation>
    </message>
    <message>
        <source>Window {window} fires {subject} with {count}: the count trigger reached {n}.</source>
        <comment>fire.count</comment>
        <translation>窗口 {window}{subject}触发，共 {count}：计数触发器达到了 {n}。</translation>
    </message>
    <message>
        <source>Window {window} fires {subject} with {count}: processing time {now} ≥ window end − 1 ms.</source>
        <comment>fire.processing</comment>
        <translation>窗口 {window}{subject}触发，共 {count}：处理时间 {now} ≥ 窗口结束时间 − 1 ms。</translation>
    </message>
    <message>
        <source>Window {window} fires early {subject} with {count}: the continuous trigger&apos;s interval of {interval} has passed (watermark {watermark}).</source>
        <comment>fire.continuous</comment>
        <translation>窗口 {window}{subject}提前触发，共 {count}：连续触发器的间隔 {interval} 已过（水位线 {watermark}）。</translation>
    </message>
    <message>
        <source>Result: {result}.</source>
        <comment>fire.result</comment>
        <translation>结果：{result}。</translation>
    </message>
    <message>
        <source>Window {window} {subject} is removed: the watermark {watermark} reached its cleanup time {cleanup} (end − 1 ms + allowed lateness {lateness}).</source>
        <comment>cleanup</comment>
        <translation>窗口 {window}{subject}被清除：水位线 {watermark} 已到达其清理时间 {cleanup}（结束时间 − 1 ms + 允许延迟 {lateness}）。</translation>
    </message>
    <message>
        <source>Window {window} {subject} is removed: processing time reached its cleanup time {cleanup} (the window end − 1 ms).</source>
        <comment>cleanup.processing</comment>
        <translation>窗口 {window}{subject}被清除：处理时间已到达其清理时间 {cleanup}（窗口结束时间 − 1 ms）。</translation>
    </message>
    <message>
        <source>Records discarded without being emitted (none of its firings included them): {count}.</source>
        <comment>cleanup.discarded</comment>
        <translation>未被发出就被丢弃的记录（该窗口的任何一次触发都未包含它们）：{count}。</translation>
    </message>
    <message>
        <source>Window {window} {subject} is removed right after firing: the allowed lateness is 0 ms.</source>
        <comment>cleanup.immediate</comment>
        <translation>窗口 {window}{subject}在触发后立即被清除：允许延迟为 0 ms。</translation>
    </message>
    <message>
        <source>Subtask {subtask}&apos;s processing time reaches {now}, where a timer is due.</source>
        <comment>timer.processing</comment>
        <translation>子任务 {subtask} 的处理时间到达 {now}，此时有一个定时器到期。</translation>
    </message>
    <message>
        <source>End of input: every channel emits once more, then the final watermark +∞ (Long.MAX_VALUE), which fires every remaining window.</source>
        <comment>end.of.input</comment>
        <translation>输入结束：每个通道再发出一次水位线，然后发出最终水位线 +∞（Long.MAX_VALUE），触发所有剩余的窗口。</translation>
    </message>
    <message>
        <source>Nothing else changes.</source>
        <comment>nothing</comment>
        <translation>其他一切不变。</translation>
    </message>
    <message>
        <source>for key {key}</source>
        <comment>phrase.subject.key</comment>
        <translation>（键 {key}）</translation>
    </message>
    <message>
        <source>(windowAll)</source>
        <comment>phrase.subject.all</comment>
        <translation>（windowAll）</translation>
    </message>
    <message>
        <source>{n} record</source>
        <comment>phrase.records.one</comment>
        <translation>{n} 条记录</translation>
    </message>
    <message>
        <source>{n} records</source>
        <comment>phrase.records.many</comment>
        <translation>{n} 条记录</translation>
    </message>
    <message>
        <source>global</source>
        <comment>phrase.window.global</comment>
        <translation>全局窗口</translation>
    </message>
    <message>
        <source>none</source>
        <comment>phrase.result.none</comment>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>tidemark::app::Examples</name>
    <message>
        <source>A count trigger instead of the watermark</source>
        <translation>用计数触发器代替水位线</translation>
    </message>
    <message>
        <source>An idle partition stalls the watermark</source>
        <translation>一个空闲分区让水位线停滞</translation>
    </message>
    <message>
        <source>withIdleness releases a stalled watermark</source>
        <translation>withIdleness 让停滞的水位线继续推进</translation>
    </message>
    <message>
        <source>windowAll (compare with keyed windows)</source>
        <translation>windowAll（与按键分组的窗口对比）</translation>
    </message>
    <message>
        <source>Keyed windows (compare with windowAll)</source>
        <translation>按键分组的窗口（与 windowAll 对比）</translation>
    </message>
    <message>
        <source>Late data to a side output</source>
        <translation>迟到数据进入侧输出</translation>
    </message>
    <message>
        <source>Daily windows aligned to UTC+8</source>
        <translation>按 UTC+8 对齐的每日窗口</translation>
    </message>
    <message>
        <source>Post 000: parallelism 1, no allowed lateness</source>
        <translation>文章 000：并行度 1，无允许延迟</translation>
    </message>
    <message>
        <source>Post 000: parallelism 1, allowed lateness 2 s</source>
        <translation>文章 000：并行度 1，允许延迟 2 s</translation>
    </message>
    <message>
        <source>Post 000: parallelism 3, no allowed lateness</source>
        <translation>文章 000：并行度 3，无允许延迟</translation>
    </message>
    <message>
        <source>Post 000: parallelism 3, allowed lateness 2 s</source>
        <translation>文章 000：并行度 3，允许延迟 2 s</translation>
    </message>
    <message>
        <source>Post 001: socket words, delay 0</source>
        <translation>文章 001：socket 单词计数，延迟 0</translation>
    </message>
    <message>
        <source>Post 001: socket words, delay 3 s</source>
        <translation>文章 001：socket 单词计数，延迟 3 s</translation>
    </message>
    <message>
        <source>Post 002: allowed lateness 1 s</source>
        <translation>文章 002：允许延迟 1 s</translation>
    </message>
    <message>
        <source>Post 003: orders from ...480000</source>
        <translation>文章 003：订单从 ...480000 开始</translation>
    </message>
    <message>
        <source>Post 003: orders from ...481000</source>
        <translation>文章 003：订单从 ...481000 开始</translation>
    </message>
    <message>
        <source>Session windows merging</source>
        <translation>会话窗口的合并</translation>
    </message>
    <message>
        <source>Sliding windows: 10 s every 5 s</source>
        <translation>滑动窗口：长 10 s，每 5 s 滑动一次</translation>
    </message>
</context>
<context>
    <name>tidemark::app::ImportDialog</name>
    <message>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <source>text (fields separated by spaces)</source>
        <translation>文本（字段以空格分隔）</translation>
    </message>
    <message>
        <source>JSON lines</source>
        <translation>JSON Lines</translation>
    </message>
    <message>
        <source>detect</source>
        <translation>自动检测</translation>
    </message>
    <message>
        <source>first line is a header</source>
        <translation>第一行是表头</translation>
    </message>
    <message>
        <source>no header</source>
        <translation>无表头</translation>
    </message>
    <message>
        <source>milliseconds</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>numbers, or ISO-8601; or a pattern like yyyy-MM-dd HH:mm:ss.SSS</source>
        <translation>数字或 ISO-8601；也可以是 yyyy-MM-dd HH:mm:ss.SSS 这样的格式</translation>
    </message>
    <message>
        <source>Column number (from 0) or name; JSON: a field name or dotted path. Empty: windowAll.</source>
        <translation>列号（从 0 开始）或列名；JSON：字段名或以点分隔的路径。留空：windowAll。</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <source>optional: processing time of arrival</source>
        <translation>可选：到达时的处理时间</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>count</source>
        <translation>计数（count）</translation>
    </message>
    <message>
        <source>sum</source>
        <translation>求和（sum）</translation>
    </message>
    <message>
        <source>min</source>
        <translation>最小值（min）</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大值（max）</translation>
    </message>
    <message>
        <source>average</source>
        <translation>平均值（average）</translation>
    </message>
    <message>
        <source>list</source>
        <translation>列表（list）</translation>
    </message>
    <message>
        <source>The file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Delimiter</source>
        <translation>分隔符</translation>
    </message>
    <message>
        <source>Header</source>
        <translation>表头</translation>
    </message>
    <message>
        <source>Key field</source>
        <translation>键字段</translation>
    </message>
    <message>
        <source>Timestamp field</source>
        <translation>时间戳字段</translation>
    </message>
    <message>
        <source>Value field</source>
        <translation>值字段</translation>
    </message>
    <message>
        <source>Arrival field</source>
        <translation>到达时间字段</translation>
    </message>
    <message>
        <source>Timestamps in</source>
        <translation>时间戳单位</translation>
    </message>
    <message>
        <source>Timestamp pattern</source>
        <translation>时间戳格式</translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation>时区</translation>
    </message>
    <message>
        <source>The job</source>
        <translation>作业</translation>
    </message>
    <message>
        <source>Bounded out-of-orderness</source>
        <translation>有界乱序（最大乱序时间）</translation>
    </message>
    <message>
        <source>Tumbling window size</source>
        <translation>滚动窗口大小</translation>
    </message>
    <message>
        <source>Allowed lateness</source>
        <translation>允许延迟</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行度</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>窗口函数</translation>
    </message>
    <message>
        <source>Everything else can be changed afterwards in the Pipeline panel.</source>
        <translation>其余设置都可以稍后在“流水线”面板中修改。</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Timestamp (ms)</source>
        <translation>时间戳（ms）</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>First lines of the file</source>
        <translation>文件的前几行</translation>
    </message>
    <message>
        <source>How they are read</source>
        <translation>读取结果</translation>
    </message>
    <message>
        <source>(watermark)</source>
        <translation>（水位线）</translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) read from the first lines.</source>
        <translation>
            <numerusform>从前几行读取了 %n 条记录。</numerusform>
        </translation>
    </message>
    <message>
        <source>There are no records in the first lines of %1.</source>
        <translation>%1 的前几行中没有记录。</translation>
    </message>
    <message>
        <source>%1 has no records to play.</source>
        <translation>%1 中没有可以播放的记录。</translation>
    </message>
    <message>
        <source>Date and time (time zone)</source>
        <translation>日期与时间（所选时区）</translation>
    </message>
    <message>
        <source>optional: the watermark channel (partition) of each record</source>
        <translation>可选：每条记录所属的水位线通道（分区）</translation>
    </message>
    <message>
        <source>Channel field</source>
        <translation>通道字段</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>通道</translation>
    </message>
</context>
<context>
    <name>tidemark::app::Loading</name>
    <message>
        <source>%1: cannot read the input file %2: %3</source>
        <translation>%1：无法读取输入文件 %2：%3</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
</context>
<context>
    <name>tidemark::app::MainWindow</name>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a scenario or an event file</source>
        <translation>打开场景或事件文件</translation>
    </message>
    <message>
        <source>Scenarios and event files (*.json *.jsonl *.csv *.txt);;All files (*)</source>
        <translation>场景和事件文件 (*.json *.jsonl *.csv *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Timeline as PNG…</source>
        <translation>时间轴导出为 PNG…</translation>
    </message>
    <message>
        <source>Timeline as SVG…</source>
        <translation>时间轴导出为 SVG…</translation>
    </message>
    <message>
        <source>Outputs as CSV…</source>
        <translation>输出导出为 CSV…</translation>
    </message>
    <message>
        <source>Outputs as JSON lines…</source>
        <translation>输出导出为 JSON Lines…</translation>
    </message>
    <message>
        <source>Edit the pipeline</source>
        <translation>编辑流水线</translation>
    </message>
    <message>
        <source>▶ Play</source>
        <translation>▶ 播放</translation>
    </message>
    <message>
        <source>Play / pause (Space)</source>
        <translation>播放 / 暂停（空格）</translation>
    </message>
    <message>
        <source>Step ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>One step forward (→)</source>
        <translation>前进一步（→）</translation>
    </message>
    <message>
        <source>◀ Step</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>One step back, with the state restored (←)</source>
        <translation>后退一步，并恢复当时的状态（←）</translation>
    </message>
    <message>
        <source>|◀ Start</source>
        <translation>|◀ 开始</translation>
    </message>
    <message>
        <source>Back to step 0 (Home)</source>
        <translation>回到第 0 步（Home）</translation>
    </message>
    <message>
        <source>End ▶|</source>
        <translation>结束 ▶|</translation>
    </message>
    <message>
        <source>To the end of the run (End)</source>
        <translation>跳到运行结束（End）</translation>
    </message>
    <message>
        <source>No later step of that kind.</source>
        <translation>后面没有这类步骤了。</translation>
    </message>
    <message>
        <source>No earlier step of that kind.</source>
        <translation>前面没有这类步骤了。</translation>
    </message>
    <message>
        <source>Next fire ⚑▶</source>
        <translation>下一次触发 ⚑▶</translation>
    </message>
    <message>
        <source>Jump to the next step that fires a window (Shift+→)</source>
        <translation>跳到下一个触发窗口的步骤（Shift+→）</translation>
    </message>
    <message>
        <source>◀⚑ Previous fire</source>
        <translation>◀⚑ 上一次触发</translation>
    </message>
    <message>
        <source>Jump to the previous step that fired a window (Shift+←)</source>
        <translation>跳到上一个触发窗口的步骤（Shift+←）</translation>
    </message>
    <message>
        <source>Next late ✕▶</source>
        <translation>下一条迟到 ✕▶</translation>
    </message>
    <message>
        <source>Jump to the next dropped or side-output record (Ctrl+Shift+→)</source>
        <translation>跳到下一条被丢弃或进入侧输出的记录（Ctrl+Shift+→）</translation>
    </message>
    <message>
        <source>◀✕ Previous late</source>
        <translation>◀✕ 上一条迟到</translation>
    </message>
    <message>
        <source>Jump to the previous dropped or side-output record (Ctrl+Shift+←)</source>
        <translation>跳到上一条被丢弃或进入侧输出的记录（Ctrl+Shift+←）</translation>
    </message>
    <message>
        <source>Next late re-fire</source>
        <translation>下一次迟到重新触发</translation>
    </message>
    <message>
        <source>Next operator-watermark change</source>
        <translation>下一次算子水位线变化</translation>
    </message>
    <message>
        <source>Previous operator-watermark change</source>
        <translation>上一次算子水位线变化</translation>
    </message>
    <message>
        <source>Next idle/active change</source>
        <translation>下一次空闲/活跃变化</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Fit all</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <source>Follow the watermark</source>
        <translation>跟随水位线</translation>
    </message>
    <message>
        <source>Show records not arrived yet</source>
        <translation>显示尚未到达的记录</translation>
    </message>
    <message>
        <source>All keys in one row</source>
        <translation>所有键合为一行</translation>
    </message>
    <message>
        <source>Presenter mode</source>
        <translation>演示模式</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>高对比度</translation>
    </message>
    <message>
        <source>⏸ Pause</source>
        <translation>⏸ 暂停</translation>
    </message>
    <message>
        <source>＋</source>
        <translation>＋</translation>
    </message>
    <message>
        <source>－</source>
        <translation>－</translation>
    </message>
    <message>
        <source>Show not yet arrived</source>
        <translation>显示未到达的记录</translation>
    </message>
    <message>
        <source>Filter keys…</source>
        <translation>筛选键…</translation>
    </message>
    <message>
        <source>Ctrl+wheel zooms · drag pans · double-click fits  </source>
        <translation>Ctrl+滚轮缩放 · 拖动平移 · 双击显示全部  </translation>
    </message>
    <message>
        <source>Live input:</source>
        <translation>实时输入：</translation>
    </message>
    <message>
        <source>Why? — narration</source>
        <translation>为什么？——讲解</translation>
    </message>
    <message>
        <source>Printed output</source>
        <translation>打印输出</translation>
    </message>
    <message>
        <source>Late records (side output, dropped)</source>
        <translation>迟到记录（侧输出、丢弃）</translation>
    </message>
    <message>
        <source>Output — what Flink prints</source>
        <translation>输出——Flink 打印的内容</translation>
    </message>
    <message>
        <source>Windows</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>Progress: event time against processing time</source>
        <translation>进度：事件时间与处理时间</translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>流水线</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Examples</source>
        <translation>示例(&amp;E)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;X)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Palette</source>
        <translation>配色(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>P&amp;anels</source>
        <translation>面板(&amp;A)</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The new language takes effect when Tidemark is started again.</source>
        <translation>新的语言将在下次启动 Tidemark 时生效。</translation>
    </message>
    <message>
        <source>No scenario</source>
        <translation>无场景</translation>
    </message>
    <message>
        <source>%1 — Tidemark</source>
        <translation>%1 — Tidemark</translation>
    </message>
    <message>
        <source>Cannot open</source>
        <translation>无法打开</translation>
    </message>
    <message>
        <source>The file could not be loaded.</source>
        <translation>无法加载该文件。</translation>
    </message>
    <message numerus="yes">
        <source>appended; %n step(s) in the run</source>
        <translation>
            <numerusform>已追加；本次运行共 %n 步</numerusform>
        </translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The pipeline of “%1” was changed. Save the changes?</source>
        <translation>“%1”的流水线已被修改。是否保存更改？</translation>
    </message>
    <message>
        <source>Save the scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>场景 (*.json)</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Export the timeline as SVG</source>
        <translation>将时间轴导出为 SVG</translation>
    </message>
    <message>
        <source>Export the timeline as PNG</source>
        <translation>将时间轴导出为 PNG</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <source>%1 could not be written.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Export the outputs</source>
        <translation>导出输出</translation>
    </message>
    <message>
        <source>JSON lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About Tidemark</source>
        <translation>关于 Tidemark(&amp;A)</translation>
    </message>
    <message>
        <source>About Tidemark</source>
        <translation>关于 Tidemark</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Tidemark %1&lt;/h3&gt;&lt;p&gt;Step through Apache Flink&apos;s event time: each channel&apos;s watermark, the minimum the window operator sees, when windows fire and re-fire, and what happens to late records.&lt;/p&gt;&lt;p&gt;Its engine decides as Flink 1.20&apos;s DataStream API does: watermark generators, StatusWatermarkValve, key groups, WindowOperator with triggers, evictors and allowed lateness. It is checked against Flink&apos;s own classes.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tidemark %1&lt;/h3&gt;&lt;p&gt;一步一步看清 Apache Flink 的事件时间：每个通道的水位线、窗口算子看到的最小值、窗口何时触发与因迟到数据再次触发，以及迟到记录的去向。&lt;/p&gt;&lt;p&gt;它的引擎按 Flink 1.20 DataStream API 的方式做出每个决定：水位线生成器、StatusWatermarkValve、key group，以及带触发器、驱逐器和允许延迟的 WindowOperator；并用 Flink 自己的类逐一核对。&lt;/p&gt;&lt;p&gt;基于 Qt %2 构建。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
</context>
<context>
    <name>tidemark::app::NarrationPanel</name>
    <message>
        <source>Nothing loaded</source>
        <translation>未加载任何内容</translation>
    </message>
    <message>
        <source>Step 0 of %1 — nothing has happened yet</source>
        <translation>第 0 步（共 %1 步）——尚未发生任何事</translation>
    </message>
    <message>
        <source>Step %1 of %2 · processing time %3</source>
        <translation>第 %1 步（共 %2 步）· 处理时间 %3</translation>
    </message>
    <message>
        <source>&lt;p style=&quot;color:%1&quot;&gt;Press &lt;b&gt;Space&lt;/b&gt; to play, &lt;b&gt;→&lt;/b&gt; to take one step, &lt;b&gt;Shift+→&lt;/b&gt; to jump to the next fire, &lt;b&gt;F11&lt;/b&gt; for presenter mode.&lt;/p&gt;</source>
        <translation>&lt;p style=&quot;color:%1&quot;&gt;按 &lt;b&gt;空格&lt;/b&gt; 播放，&lt;b&gt;→&lt;/b&gt; 前进一步，&lt;b&gt;Shift+→&lt;/b&gt; 跳到下一次触发，&lt;b&gt;F11&lt;/b&gt; 进入演示模式。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>tidemark::app::OutputModel</name>
    <message>
        <source>on time</source>
        <translation>准时</translation>
    </message>
    <message>
        <source>late re-fire</source>
        <translation>迟到重新触发</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>已丢弃</translation>
    </message>
    <message>
        <source>side output</source>
        <translation>侧输出</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Printed</source>
        <translation>打印内容</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Event time</source>
        <translation>事件时间</translation>
    </message>
    <message>
        <source>Fire</source>
        <translation>触发</translation>
    </message>
    <message>
        <source>Fate</source>
        <translation>去向</translation>
    </message>
    <message>
        <source>Watermark</source>
        <translation>水位线</translation>
    </message>
</context>
<context>
    <name>tidemark::app::PipelineEditor</name>
    <message>
        <source>Watermarks (WatermarkStrategy)</source>
        <translation>水位线（WatermarkStrategy）</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>forBoundedOutOfOrderness</source>
        <translation>forBoundedOutOfOrderness</translation>
    </message>
    <message>
        <source>forMonotonousTimestamps</source>
        <translation>forMonotonousTimestamps</translation>
    </message>
    <message>
        <source>BoundedOutOfOrdernessTimestampExtractor (legacy)</source>
        <translation>BoundedOutOfOrdernessTimestampExtractor（旧版）</translation>
    </message>
    <message>
        <source>watermarks from the input</source>
        <translation>来自输入的水位线</translation>
    </message>
    <message>
        <source>Max out-of-orderness</source>
        <translation>最大乱序时间</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Watermark = largest timestamp seen − this − 1 ms</source>
        <translation>水位线 = 已见最大时间戳 − 此值 − 1 ms</translation>
    </message>
    <message>
        <source>Emit watermarks</source>
        <translation>水位线发出方式</translation>
    </message>
    <message>
        <source>per event</source>
        <translation>每个事件</translation>
    </message>
    <message>
        <source>periodically</source>
        <translation>周期性</translation>
    </message>
    <message>
        <source>Auto-watermark interval</source>
        <translation>自动水位线间隔</translation>
    </message>
    <message>
        <source>pipeline.auto-watermark-interval (Flink&apos;s default is 200 ms)</source>
        <translation>pipeline.auto-watermark-interval（Flink 默认为 200 ms）</translation>
    </message>
    <message>
        <source>Idleness (0 = off)</source>
        <translation>空闲超时（0 = 关闭）</translation>
    </message>
    <message>
        <source>withIdleness: a channel without records for this long stops holding the watermark back</source>
        <translation>withIdleness：通道在这么长时间内没有记录，就不再拖住水位线</translation>
    </message>
    <message>
        <source>Parallelism (channels)</source>
        <translation>并行度（通道数）</translation>
    </message>
    <message>
        <source>Distribution</source>
        <translation>分发方式</translation>
    </message>
    <message>
        <source>rebalance (round robin)</source>
        <translation>rebalance（轮询）</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>forward</translation>
    </message>
    <message>
        <source>by the record&apos;s channel field</source>
        <translation>按记录的通道字段</translation>
    </message>
    <message>
        <source>Round robin starts at</source>
        <translation>轮询起始通道</translation>
    </message>
    <message>
        <source>Source parallelism</source>
        <translation>Source 并行度</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>keyBy (off: windowAll)</source>
        <translation>keyBy（关闭：windowAll）</translation>
    </message>
    <message>
        <source>Assigner</source>
        <translation>窗口分配器</translation>
    </message>
    <message>
        <source>tumbling</source>
        <translation>滚动</translation>
    </message>
    <message>
        <source>sliding</source>
        <translation>滑动</translation>
    </message>
    <message>
        <source>session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>global</source>
        <translation>全局</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>event time</source>
        <translation>事件时间</translation>
    </message>
    <message>
        <source>processing time</source>
        <translation>处理时间</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Slide (sliding)</source>
        <translation>滑动步长（滑动窗口）</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>偏移量</translation>
    </message>
    <message>
        <source>Gap (session)</source>
        <translation>间隙（会话窗口）</translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation>触发器</translation>
    </message>
    <message>
        <source>the assigner&apos;s default</source>
        <translation>分配器的默认触发器</translation>
    </message>
    <message>
        <source>EventTimeTrigger</source>
        <translation>EventTimeTrigger</translation>
    </message>
    <message>
        <source>ProcessingTimeTrigger</source>
        <translation>ProcessingTimeTrigger</translation>
    </message>
    <message>
        <source>CountTrigger</source>
        <translation>CountTrigger</translation>
    </message>
    <message>
        <source>ContinuousEventTimeTrigger</source>
        <translation>ContinuousEventTimeTrigger</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从不触发</translation>
    </message>
    <message>
        <source>end of stream</source>
        <translation>流结束时</translation>
    </message>
    <message>
        <source>Count (CountTrigger)</source>
        <translation>计数（CountTrigger）</translation>
    </message>
    <message>
        <source>Interval (continuous)</source>
        <translation>间隔（连续触发器）</translation>
    </message>
    <message>
        <source>PurgingTrigger</source>
        <translation>PurgingTrigger</translation>
    </message>
    <message>
        <source>Allowed lateness</source>
        <translation>允许延迟</translation>
    </message>
    <message>
        <source>A window keeps its state until the watermark passes end − 1 ms + this; late records re-fire it</source>
        <translation>窗口会保留状态，直到水位线越过 结束时间 − 1 ms + 此值；其间到达的迟到记录会使窗口重新触发</translation>
    </message>
    <message>
        <source>sideOutputLateData</source>
        <translation>sideOutputLateData</translation>
    </message>
    <message>
        <source>Evictor</source>
        <translation>驱逐器（Evictor）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>CountEvictor</source>
        <translation>CountEvictor</translation>
    </message>
    <message>
        <source>TimeEvictor</source>
        <translation>TimeEvictor</translation>
    </message>
    <message>
        <source>DeltaEvictor</source>
        <translation>DeltaEvictor</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>窗口函数</translation>
    </message>
    <message>
        <source>count</source>
        <translation>计数（count）</translation>
    </message>
    <message>
        <source>sum</source>
        <translation>求和（sum）</translation>
    </message>
    <message>
        <source>min</source>
        <translation>最小值（min）</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大值（max）</translation>
    </message>
    <message>
        <source>average</source>
        <translation>平均值（average）</translation>
    </message>
    <message>
        <source>list</source>
        <translation>列表（list）</translation>
    </message>
    <message>
        <source>Function reads</source>
        <translation>函数读取</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>timestamp</source>
        <translation>时间戳</translation>
    </message>
    <message>
        <source>Window parallelism</source>
        <translation>窗口并行度</translation>
    </message>
    <message>
        <source>End of input</source>
        <translation>输入结束</translation>
    </message>
    <message>
        <source>none (unbounded, like a socket)</source>
        <translation>无（无界，如 socket）</translation>
    </message>
    <message>
        <source>max watermark (bounded)</source>
        <translation>最大水位线（有界）</translation>
    </message>
    <message>
        <source>Display</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Times as</source>
        <translation>时间显示为</translation>
    </message>
    <message>
        <source>epoch milliseconds</source>
        <translation>epoch 毫秒</translation>
    </message>
    <message>
        <source>date-time</source>
        <translation>日期时间</translation>
    </message>
    <message>
        <source>relative to the first record</source>
        <translation>相对于第一条记录</translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation>时区</translation>
    </message>
    <message>
        <source>IANA name such as Asia/Shanghai, or UTC+08:00</source>
        <translation>IANA 时区名（如 Asia/Shanghai）或 UTC+08:00</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: %2%3</source>
        <translation>%1：%2%3</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
</context>
<context>
    <name>tidemark::app::PlayerBar</name>
    <message>
        <source>%1 steps/s</source>
        <translation>%1 步/秒</translation>
    </message>
    <message>
        <source>Playback speed, in steps per second</source>
        <translation>播放速度（每秒步数）</translation>
    </message>
    <message>
        <source>Step %1 / %2 · %3</source>
        <translation>第 %1 / %2 步 · %3</translation>
    </message>
    <message>
        <source>Current step and the processing time of the player&apos;s clock</source>
        <translation>当前步骤，以及播放器时钟的处理时间</translation>
    </message>
</context>
<context>
    <name>tidemark::app::ProgressChart</name>
    <message>
        <source>processing time (s)</source>
        <translation>处理时间（秒）</translation>
    </message>
    <message>
        <source>records to come</source>
        <translation>待到达的记录</translation>
    </message>
    <message>
        <source>records</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>operator watermark</source>
        <translation>算子水位线</translation>
    </message>
    <message>
        <source>fire</source>
        <translation>触发</translation>
    </message>
    <message>
        <source>late re-fire</source>
        <translation>迟到重新触发</translation>
    </message>
    <message>
        <source>now</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>channel %1 watermark</source>
        <translation>通道 %1 水位线</translation>
    </message>
    <message>
        <source>event time (s)</source>
        <translation>事件时间（秒）</translation>
    </message>
    <message>
        <source>Event time in seconds after %1 (the first record), against the player&apos;s processing time. Points are records, step lines the watermarks, triangles the fires.</source>
        <translation>事件时间（%1（第一条记录）之后的秒数）与播放器处理时间的关系。点表示记录，阶梯线表示水位线，三角形表示触发。</translation>
    </message>
</context>
<context>
    <name>tidemark::app::RecordsModel</name>
    <message>
        <source>pending</source>
        <translation>未到达</translation>
    </message>
    <message>
        <source>on time</source>
        <translation>准时</translation>
    </message>
    <message>
        <source>late but accepted</source>
        <translation>迟到但被接受</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>已丢弃</translation>
    </message>
    <message>
        <source>side output</source>
        <translation>侧输出</translation>
    </message>
    <message>
        <source>watermark</source>
        <translation>水位线</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>%1 (%2 ms)</source>
        <translation>%1（%2 ms）</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Arrival</source>
        <translation>到达</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>通道</translation>
    </message>
    <message>
        <source>Event time</source>
        <translation>事件时间</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>tidemark::app::Session</name>
    <message>
        <source>(all)</source>
        <translation>（全部）</translation>
    </message>
    <message>
        <source>GlobalWindow</source>
        <translation>GlobalWindow</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Nothing is loaded.</source>
        <translation>尚未加载任何内容。</translation>
    </message>
    <message>
        <source>Type a line as in %1 and press Enter</source>
        <translation>按 %1 中的格式输入一行，然后按回车</translation>
    </message>
    <message>
        <source>key,timestamp</source>
        <translation>键,时间戳</translation>
    </message>
    <message>
        <source>timestamp</source>
        <translation>时间戳</translation>
    </message>
    <message>
        <source>,value</source>
        <translation>,值</translation>
    </message>
    <message>
        <source>Type a record (%1, epoch ms) and press Enter — it arrives after the last one</source>
        <translation>输入一条记录（%1，epoch 毫秒）并按回车——它将在最后一条记录之后到达</translation>
    </message>
    <message>
        <source>Type a record first.</source>
        <translation>请先输入一条记录。</translation>
    </message>
    <message>
        <source>typed line</source>
        <translation>输入的行</translation>
    </message>
    <message>
        <source>That line holds no record.</source>
        <translation>这一行不包含记录。</translation>
    </message>
</context>
<context>
    <name>tidemark::app::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
</context>
<context>
    <name>tidemark::app::StepScrubber</name>
    <message>
        <source>All steps of the run: green ticks fire a window, purple re-fire it late, red drop a record. Click or drag to go to a step.</source>
        <translation>本次运行的所有步骤：绿色刻度表示触发窗口，紫色表示迟到重新触发，红色表示丢弃记录。点击或拖动可跳到某一步。</translation>
    </message>
</context>
<context>
    <name>tidemark::app::TimeLabels</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>event time (epoch ms)</source>
        <translation>事件时间（epoch ms）</translation>
    </message>
    <message>
        <source>event time since %1 ms</source>
        <translation>事件时间，自 %1 ms 起</translation>
    </message>
    <message>
        <source>event time (UTC)</source>
        <translation>事件时间（UTC）</translation>
    </message>
    <message>
        <source>event time (%1, %2)</source>
        <translation>事件时间（%1，%2）</translation>
    </message>
</context>
<context>
    <name>tidemark::app::TimelineView</name>
    <message>
        <source>Open a scenario or an event file (File ▸ Open, or drop it here).</source>
        <translation>打开一个场景或事件文件（文件 ▸ 打开，或拖放到这里）。</translation>
    </message>
    <message>
        <source>channel %1</source>
        <translation>通道 %1</translation>
    </message>
    <message>
        <source>wm %1</source>
        <translation>水位线 %1</translation>
    </message>
    <message>
        <source>idle — ignored by the min</source>
        <translation>空闲——不参与取最小值</translation>
    </message>
    <message>
        <source>▲ holds the minimum</source>
        <translation>▲ 决定最小值</translation>
    </message>
    <message>
        <source>windows (all keys)</source>
        <translation>窗口（所有键）</translation>
    </message>
    <message>
        <source>windows</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>windows (all)</source>
        <translation>窗口（全部）</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>键 %1</translation>
    </message>
    <message>
        <source>window subtask %1</source>
        <translation>窗口子任务 %1</translation>
    </message>
    <message numerus="yes">
        <source>+%n more key(s): filter</source>
        <translation>
            <numerusform>还有 %n 个键：请筛选</numerusform>
        </translation>
    </message>
    <message>
        <source>No window has state yet: a window [start, end) appears when its first record arrives.</source>
        <translation>还没有窗口有状态：窗口 [start, end) 在它的第一条记录到达时出现。</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>⚑ fired: %1</source>
        <translation>⚑ 已触发：%1</translation>
    </message>
    <message>
        <source>⚑ fired %1: %2</source>
        <translation>⚑ 已触发%1：%2</translation>
    </message>
    <message>
        <source> · cleaned up</source>
        <translation> · 已清除</translation>
    </message>
    <message>
        <source>⚑ %1</source>
        <translation>⚑ %1</translation>
    </message>
    <message>
        <source>⚑ fired %1</source>
        <translation>⚑ 已触发%1</translation>
    </message>
    <message>
        <source>purged</source>
        <translation>已清空</translation>
    </message>
    <message numerus="yes">
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n 条记录</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rec.</source>
        <translation>
            <numerusform>%n 条</numerusform>
        </translation>
    </message>
    <message>
        <source>operator watermark %1 — every channel is idle</source>
        <translation>算子水位线 %1——所有通道都空闲</translation>
    </message>
    <message>
        <source>operator watermark %1 = min(%2)</source>
        <translation>算子水位线 %1 = min(%2)</translation>
    </message>
    <message>
        <source>operator watermark %1 = min of %2 channels, channel %3 the lowest</source>
        <translation>算子水位线 %1 = %2 个通道的最小值，通道 %3 最低</translation>
    </message>
    <message>
        <source>operator watermark %1 (channel %2)</source>
        <translation>算子水位线 %1（通道 %2）</translation>
    </message>
    <message>
        <source>operator watermark %1</source>
        <translation>算子水位线 %1</translation>
    </message>
    <message>
        <source>op. watermark %1</source>
        <translation>算子水位线 %1</translation>
    </message>
    <message>
        <source>+%1 keys</source>
        <translation>+%1 个键</translation>
    </message>
    <message>
        <source>not arrived yet</source>
        <translation>尚未到达</translation>
    </message>
    <message>
        <source>late, re-fired</source>
        <translation>迟到，已重新触发</translation>
    </message>
    <message>
        <source>late, dropped</source>
        <translation>迟到，已丢弃</translation>
    </message>
    <message>
        <source>late, side output</source>
        <translation>迟到，侧输出</translation>
    </message>
    <message>
        <source>channel watermark</source>
        <translation>通道水位线</translation>
    </message>
    <message>
        <source>fire</source>
        <translation>触发</translation>
    </message>
    <message>
        <source>late re-fire</source>
        <translation>迟到重新触发</translation>
    </message>
    <message>
        <source>allowed lateness</source>
        <translation>允许延迟</translation>
    </message>
    <message>
        <source>on time</source>
        <translation>准时</translation>
    </message>
    <message>
        <source>late, within allowed lateness: re-fired its window</source>
        <translation>迟到，但在允许延迟内：使窗口重新触发</translation>
    </message>
    <message>
        <source>late: dropped</source>
        <translation>迟到：已丢弃</translation>
    </message>
    <message>
        <source>late: sent to the side output</source>
        <translation>迟到：已发送到侧输出</translation>
    </message>
    <message>
        <source>watermark</source>
        <translation>水位线</translation>
    </message>
    <message>
        <source>&lt;b&gt;Record #%1&lt;/b&gt;&lt;br&gt;key %2</source>
        <translation>&lt;b&gt;记录 #%1&lt;/b&gt;&lt;br&gt;键 %2</translation>
    </message>
    <message>
        <source> · value %1</source>
        <translation> · 值 %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;event time %1 (%2 ms)</source>
        <translation>&lt;br&gt;事件时间 %1（%2 ms）</translation>
    </message>
    <message>
        <source>&lt;br&gt;arrives at step %1, processing time %2, on channel %3</source>
        <translation>&lt;br&gt;在第 %1 步到达，处理时间 %2，通道 %3</translation>
    </message>
    <message>
        <source>&lt;br&gt;line %1 of the input</source>
        <translation>&lt;br&gt;输入的第 %1 行</translation>
    </message>
    <message>
        <source>&lt;br&gt;status: %1</source>
        <translation>&lt;br&gt;状态：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Window %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;窗口 %1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;key %1</source>
        <translation>&lt;br&gt;键 %1</translation>
    </message>
    <message>
        <source> · window subtask %1</source>
        <translation> · 窗口子任务 %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;fires when the watermark reaches %1 (end − 1 ms)</source>
        <translation>&lt;br&gt;水位线到达 %1（结束时间 − 1 ms）时触发</translation>
    </message>
    <message numerus="yes">
        <source>&lt;br&gt;%n element(s)</source>
        <translation>
            <numerusform>&lt;br&gt;%n 个元素</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;br&gt;state kept until the watermark passes %1</source>
        <translation>&lt;br&gt;状态保留到水位线越过 %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 at step %2: %3 (watermark %4)</source>
        <translation>&lt;br&gt;第 %2 步%1：%3（水位线 %4）</translation>
    </message>
    <message>
        <source>fired</source>
        <translation>触发</translation>
    </message>
    <message>
        <source>re-fired (late)</source>
        <translation>重新触发（迟到）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; at step %2&lt;br&gt;window %3&lt;br&gt;result %4&lt;br&gt;operator watermark %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，第 %2 步&lt;br&gt;窗口 %3&lt;br&gt;结果 %4&lt;br&gt;算子水位线 %5</translation>
    </message>
    <message>
        <source>On-time fire</source>
        <translation>准时触发</translation>
    </message>
    <message>
        <source>Late re-fire</source>
        <translation>迟到重新触发</translation>
    </message>
    <message>
        <source>&lt;b&gt;Channel %1 watermark&lt;/b&gt; %2&lt;br&gt;largest timestamp seen %3&lt;br&gt;%4</source>
        <translation>&lt;b&gt;通道 %1 水位线&lt;/b&gt; %2&lt;br&gt;已见最大时间戳 %3&lt;br&gt;%4</translation>
    </message>
    <message>
        <source>idle: ignored by the window operator</source>
        <translation>空闲：窗口算子忽略此通道</translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) so far</source>
        <translation>
            <numerusform>目前共 %n 条记录</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Operator watermark&lt;/b&gt; %1&lt;br&gt;the minimum over the active channels</source>
        <translation>&lt;b&gt;算子水位线&lt;/b&gt; %1&lt;br&gt;各活跃通道水位线的最小值</translation>
    </message>
    <message>
        <source>&lt;br&gt;channel %1 holds it back</source>
        <translation>&lt;br&gt;通道 %1 拖住了它</translation>
    </message>
    <message>
        <source>subtask %1</source>
        <translation>子任务 %1</translation>
    </message>
    <message>
        <source>subtasks %1</source>
        <translation>子任务 %1</translation>
    </message>
    <message>
        <source>%1: operator watermark %2 — every channel is idle</source>
        <translation>%1：算子水位线 %2——所有通道都空闲</translation>
    </message>
    <message>
        <source>%1: operator watermark %2 = min(%3)</source>
        <translation>%1：算子水位线 %2 = min(%3)</translation>
    </message>
    <message>
        <source>%1: %2 = min(%3)</source>
        <translation>%1：%2 = min(%3)</translation>
    </message>
    <message>
        <source>%1: %2 (channel %3)</source>
        <translation>%1：%2（通道 %3）</translation>
    </message>
    <message>
        <source>%1: operator watermark %2 = min of each one&apos;s inputs</source>
        <translation>%1：算子水位线 %2 = 各自输入的最小值</translation>
    </message>
    <message>
        <source>%1: operator watermark %2</source>
        <translation>%1：算子水位线 %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Operator watermark of window %1&lt;/b&gt; %2&lt;br&gt;each subtask&apos;s valve takes the minimum over its active input channels</source>
        <translation>&lt;b&gt;窗口%1 的算子水位线&lt;/b&gt; %2&lt;br&gt;每个子任务的阀门取其活跃输入通道水位线的最小值</translation>
    </message>
</context>
<context>
    <name>tidemark::app::WindowsModel</name>
    <message>
        <source>fired, cleaned up</source>
        <translation>已触发，已清除</translation>
    </message>
    <message>
        <source>collecting</source>
        <translation>收集中</translation>
    </message>
    <message>
        <source>fired</source>
        <translation>已触发</translation>
    </message>
    <message>
        <source>in allowed lateness</source>
        <translation>处于允许延迟期</translation>
    </message>
    <message>
        <source>purged</source>
        <translation>已清空</translation>
    </message>
    <message>
        <source>The window&apos;s state is removed when the watermark passes this time (end − 1 ms + allowed lateness).</source>
        <translation>当水位线越过此时间（结束时间 − 1 ms + 允许延迟）时，窗口状态被清除。</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Subtask</source>
        <translation>子任务</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Fires</source>
        <translation>触发次数</translation>
    </message>
    <message>
        <source>Cleanup at</source>
        <translation>清理时间</translation>
    </message>
</context>
</TS>
