<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>main</name>
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
    <message>
        <source>Draw the window once, save it as a PNG image to this file, and quit.</source>
        <translation>绘制一次窗口，把它保存为此 PNG 图像文件，然后退出。</translation>
    </message>
    <message>
        <source>A scenario (.json), an event file, or a built-in example&apos;s name.</source>
        <translation>场景（.json）、事件文件，或内置示例的名称。</translation>
    </message>
    <message>
        <source>Listen on this port (as nc -lk PORT; HOST:PORT to accept other machines) and show the lines that arrive as a live run of FILE&apos;s pipeline.</source>
        <translation>监听此端口（如同 nc -lk PORT；写 HOST:PORT 可接受其他机器的连接），把到达的行作为 FILE 流水线的实时运行显示出来。</translation>
    </message>
    <message>
        <source>Read lines from this server socket, as Flink&apos;s socketTextStream(host, port), as a live run of FILE&apos;s pipeline.</source>
        <translation>像 Flink 的 socketTextStream(host, port) 那样从此服务器套接字读取行，作为 FILE 流水线的实时运行。</translation>
    </message>
    <message>
        <source>Write the run as an animation, one HTML page that plays every step (as File ▸ Export ▸ Animation), to this file, and quit.</source>
        <translation>把运行写成动画——一个逐一播放每一步的 HTML 页面（如同“文件 ▸ 导出 ▸ 动画”），保存到此文件，然后退出。</translation>
    </message>
    <message>
        <source>Compare FILE (A) with this scenario of the same events (B): both timelines, one cursor over processing time, and where their outputs differ. FILE may also be a comparison file or a built-in comparison&apos;s name, without this option. --screenshot then draws the compare window.</source>
        <translation>将 FILE（A）与这个使用相同事件的场景（B）进行比较：显示两条时间轴、一个贯穿处理时间的游标，以及二者输出的不同之处。不使用此选项时，FILE 也可以是比较文件或内置比较的名称。此时 --screenshot 绘制比较窗口。</translation>
    </message>
    <message>
        <source>See Apache Flink&apos;s event time at work: open FILE, a scenario (.json) or an event file, or a built-in example by its name, or with no FILE the example of post 000 at parallelism 3.

Without a display:
  tidemark run SCENARIO.json [options]    play a scenario to its end and print what Flink outputs
  tidemark run --list-examples            the built-in examples
  tidemark run --help                     every option of tidemark run
  tidemark compare A.json B.json          where two pipelines&apos; outputs differ
  tidemark compare --help                 every option of tidemark compare
  tidemark export-job SCENARIO --out DIR  write the scenario as a runnable Flink job (Maven project)
  tidemark export-job --help              every option of tidemark export-job
  tidemark verify SCENARIO                check every output against Apache Flink (needs Java 17)
  tidemark attach URL [--job ID]          follow a running Flink job&apos;s watermarks through its REST API</source>
        <translation>看看 Apache Flink 的事件时间如何运作：打开 FILE（场景（.json）或事件文件），或按名称打开一个内置示例；不给出 FILE 时，打开文章 000 在并行度 3 下的示例。

无图形界面时：
  tidemark run SCENARIO.json [options]    把场景播放到结束，并打印 Flink 的输出
  tidemark run --list-examples            列出内置示例
  tidemark run --help                     tidemark run 的所有选项
  tidemark compare A.json B.json          两个流水线的输出在哪里不同
  tidemark compare --help                 tidemark compare 的所有选项
  tidemark export-job SCENARIO --out DIR  把场景写成可运行的 Flink 作业（Maven 项目）
  tidemark export-job --help              tidemark export-job 的所有选项
  tidemark verify SCENARIO                用 Apache Flink 核对每一个输出（需要 Java 17）
  tidemark attach URL [--job ID]          通过 REST API 跟踪正在运行的 Flink 作业的水位线</translation>
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
        <source>Periodic emissions that change nothing: {position} of {count} in a row, steps {first} to {last}.</source>
        <comment>periodic.quiet.run</comment>
        <translation>不改变任何内容的周期性发出：连续 {count} 次中的第 {position} 次，步骤 {first} 至 {last}。</translation>
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
    <message>
        <source>Window {window} {subject} got its first record at step {step}: record {record} ({ts}), at {time}.</source>
        <comment>why.first</comment>
        <translation>窗口 {window}{subject}在第 {step} 步收到了第一条记录：记录 {record}（{ts}），处理时间 {time}。</translation>
    </message>
    <message>
        <source>Window {window} {subject} has no record yet: its first, record {record} ({ts}), arrives at step {step}, at {time}.</source>
        <comment>why.first.later</comment>
        <translation>窗口 {window}{subject}还没有记录：它的第一条记录是记录 {record}（{ts}），将在第 {step} 步（处理时间 {time}）到达。</translation>
    </message>
    <message>
        <source>No record of the input falls into window {window} {subject}.</source>
        <comment>why.first.none</comment>
        <translation>输入中没有任何记录落入窗口 {window}{subject}。</translation>
    </message>
    <message>
        <source>It fires when the operator watermark of subtask {subtask} reaches the window&apos;s end − 1 ms: watermark ≥ {maxTs}.</source>
        <comment>why.condition.watermark</comment>
        <translation>当子任务 {subtask} 的算子水位线到达窗口结束时间 − 1 ms 时，它就会触发：水位线 ≥ {maxTs}。</translation>
    </message>
    <message>
        <source>It fires when subtask {subtask}&apos;s processing time reaches the window&apos;s end − 1 ms, {maxTs}.</source>
        <comment>why.condition.processing</comment>
        <translation>当子任务 {subtask} 的处理时间到达窗口结束时间 − 1 ms（{maxTs}）时，它就会触发。</translation>
    </message>
    <message>
        <source>Its count trigger fires on every {n}th element, not on the watermark.</source>
        <comment>why.condition.count</comment>
        <translation>它的计数触发器每收到 {n} 个元素触发一次，而不是由水位线触发。</translation>
    </message>
    <message>
        <source>Its trigger fires only at the end of input.</source>
        <comment>why.condition.end</comment>
        <translation>它的触发器只在输入结束时触发。</translation>
    </message>
    <message>
        <source>Its trigger never fires it.</source>
        <comment>why.condition.never</comment>
        <translation>它的触发器永远不会让它触发。</translation>
    </message>
    <message>
        <source>It fired at step {step} with {count}, at watermark {watermark}.</source>
        <comment>why.fired</comment>
        <translation>它在第 {step} 步触发，共 {count}，当时水位线为 {watermark}。</translation>
    </message>
    <message>
        <source>By now it has fired {n} times, the last at step {step} with {count}.</source>
        <comment>why.fired.again</comment>
        <translation>到目前为止它已触发 {n} 次，最近一次在第 {step} 步，共 {count}。</translation>
    </message>
    <message>
        <source>At step {step} the operator watermark of subtask {subtask} is {watermark}: it has reached {maxTs}.</source>
        <comment>why.now.reached</comment>
        <translation>在第 {step} 步，子任务 {subtask} 的算子水位线为 {watermark}：已到达 {maxTs}。</translation>
    </message>
    <message>
        <source>At step {step} the operator watermark of subtask {subtask} is {watermark}, below {maxTs}.</source>
        <comment>why.now.below</comment>
        <translation>在第 {step} 步，子任务 {subtask} 的算子水位线为 {watermark}，低于 {maxTs}。</translation>
    </message>
    <message>
        <source>Channel {channel} holds it back at {channelWatermark}: its largest timestamp so far is {max}, from record {record}.</source>
        <comment>why.now.heldBy</comment>
        <translation>通道 {channel} 把它拖在 {channelWatermark}：该通道迄今的最大时间戳是 {max}，来自记录 {record}。</translation>
    </message>
    <message>
        <source>Channel {channel} holds it back at {channelWatermark}: no record has reached it yet.</source>
        <comment>why.now.heldBy.empty</comment>
        <translation>通道 {channel} 把它拖在 {channelWatermark}：还没有记录到达该通道。</translation>
    </message>
    <message>
        <source>Record {record} ({ts}) on channel {channel} releases it: at step {step} ({time}) the operator watermark reaches {watermark} and the window fires.</source>
        <comment>why.release.record</comment>
        <translation>让它得以触发的是通道 {channel} 上的记录 {record}（{ts}）：在第 {step} 步（{time}），算子水位线到达 {watermark}，窗口触发。</translation>
    </message>
    <message>
        <source>Watermark record {record} ({ts}) on channel {channel} releases it: at step {step} ({time}) the operator watermark reaches {watermark} and the window fires.</source>
        <comment>why.release.watermarkRecord</comment>
        <translation>让它得以触发的是通道 {channel} 上的水位线记录 {record}（{ts}）：在第 {step} 步（{time}），算子水位线到达 {watermark}，窗口触发。</translation>
    </message>
    <message>
        <source>Record {record} ({ts}) on channel {channel} releases it: the periodic emission at step {step} ({time}) forwards channel {channel}&apos;s watermark, the operator watermark reaches {watermark}, and the window fires.</source>
        <comment>why.release.periodic</comment>
        <translation>让它得以触发的是通道 {channel} 上的记录 {record}（{ts}）：第 {step} 步（{time}）的周期性发出转发了通道 {channel} 的水位线，算子水位线到达 {watermark}，窗口触发。</translation>
    </message>
    <message>
        <source>Idleness releases it: at step {step} ({time}) channel {channel} is marked idle after {idleness} without records, the operator leaves it out, its watermark reaches {watermark}, and the window fires.</source>
        <comment>why.release.idle</comment>
        <translation>让它得以触发的是空闲超时：在第 {step} 步（{time}），通道 {channel} 在 {idleness} 没有记录后被标记为空闲，算子不再把它计入最小值，算子水位线到达 {watermark}，窗口触发。</translation>
    </message>
    <message>
        <source>Only the end of input releases it: at step {step} ({time}) every channel forwards +∞ and the window fires.</source>
        <comment>why.release.end</comment>
        <translation>只有输入结束才能让它触发：在第 {step} 步（{time}），每个通道都转发 +∞，窗口触发。</translation>
    </message>
    <message>
        <source>Channel {channel} is idle by then (since step {step}), so the operator leaves it out.</source>
        <comment>why.release.whileIdle</comment>
        <translation>那时通道 {channel} 已经空闲（自第 {step} 步起），因此算子不再把它计入最小值。</translation>
    </message>
    <message>
        <source>At step {step} ({time}) the operator watermark reaches {watermark} and the window fires.</source>
        <comment>why.release.step</comment>
        <translation>在第 {step} 步（{time}），算子水位线到达 {watermark}，窗口触发。</translation>
    </message>
    <message>
        <source>Nothing in the input ever releases it: at the end of the run (step {step}) the operator watermark is still {watermark}, below {maxTs}.</source>
        <comment>why.release.never</comment>
        <translation>输入中没有任何东西能让它触发：到运行结束时（第 {step} 步），算子水位线仍为 {watermark}，低于 {maxTs}。</translation>
    </message>
    <message>
        <source>Channel {channel} holds it at {channelWatermark}; a record on it with a timestamp of at least {needed} would fire the window.</source>
        <comment>why.release.never.needs</comment>
        <translation>通道 {channel} 把它拖在 {channelWatermark}；只要该通道上有一条时间戳不小于 {needed} 的记录，窗口就会触发。</translation>
    </message>
    <message>
        <source>Channel {channel} holds it at {channelWatermark}; a watermark record of at least {maxTs} on it would fire the window.</source>
        <comment>why.release.never.needsWatermark</comment>
        <translation>通道 {channel} 把它拖在 {channelWatermark}；只要该通道上有一条不小于 {maxTs} 的水位线记录，窗口就会触发。</translation>
    </message>
    <message>
        <source>No idleness is set (withIdleness), so a channel that stays silent holds the watermark back for ever; with it, the other channels would carry the watermark on.</source>
        <comment>why.release.never.idleness</comment>
        <translation>没有设置空闲超时（withIdleness），因此一个始终没有数据的通道会永远拖住水位线；设置之后，其他通道就能继续推进水位线。</translation>
    </message>
    <message>
        <source>The input never ends (end of input: none), so no final watermark comes either.</source>
        <comment>why.release.never.unbounded</comment>
        <translation>输入永不结束（输入结束：无），因此也不会有最终水位线。</translation>
    </message>
    <message>
        <source>Watermark record {record} ({ts}) carries a watermark, not an element.</source>
        <comment>why.record.watermark</comment>
        <translation>水位线记录 {record}（{ts}）携带的是水位线，而不是元素。</translation>
    </message>
    <message>
        <source>Record {record} ({ts}) does not arrive in this run.</source>
        <comment>why.record.never</comment>
        <translation>记录 {record}（{ts}）在本次运行中不会到达。</translation>
    </message>
    <message>
        <source>Record {record} ({ts}) arrived on channel {channel} at step {step} and went to subtask {subtask} on time.</source>
        <comment>why.record.onTime</comment>
        <translation>记录 {record}（{ts}）在第 {step} 步到达通道 {channel}，准时进入子任务 {subtask}。</translation>
    </message>
    <message>
        <source>Record {record} ({ts}) arrives on channel {channel} at step {step}, for subtask {subtask}.</source>
        <comment>why.record.later</comment>
        <translation>记录 {record}（{ts}）将在第 {step} 步到达通道 {channel}，由子任务 {subtask} 处理。</translation>
    </message>
    <message>
        <source>Record {record} ({ts}) came late on channel {channel} at step {step} (watermark {watermark}), but within the allowed lateness: window {window} fired again with it.</source>
        <comment>why.record.lateAccepted</comment>
        <translation>记录 {record}（{ts}）在第 {step} 步到达通道 {channel} 时已经迟到（水位线 {watermark}），但仍在允许延迟之内：窗口 {window} 带着它再次触发。</translation>
    </message>
    <message>
        <source>Record {record} ({ts}) comes late on channel {channel} at step {step} (watermark {watermark}), but within the allowed lateness: window {window} fires again with it.</source>
        <comment>why.record.lateAccepted.later</comment>
        <translation>记录 {record}（{ts}）将在第 {step} 步到达通道 {channel}，届时已经迟到（水位线 {watermark}），但仍在允许延迟之内：窗口 {window} 将带着它再次触发。</translation>
    </message>
    <message>
        <source>Record {record} ({ts}) was dropped at step {step}: the watermark {watermark} had reached the cleanup time of its window {window} (end − 1 ms + allowed lateness {lateness}).</source>
        <comment>why.record.dropped</comment>
        <translation>记录 {record}（{ts}）在第 {step} 步被丢弃：水位线 {watermark} 已到达其窗口 {window} 的清理时间（结束时间 − 1 ms + 允许延迟 {lateness}）。</translation>
    </message>
    <message>
        <source>Record {record} ({ts}) will be dropped at step {step}: the watermark {watermark} will have reached the cleanup time of its window {window} (end − 1 ms + allowed lateness {lateness}).</source>
        <comment>why.record.dropped.later</comment>
        <translation>记录 {record}（{ts}）将在第 {step} 步被丢弃：届时水位线 {watermark} 已到达其窗口 {window} 的清理时间（结束时间 − 1 ms + 允许延迟 {lateness}）。</translation>
    </message>
    <message>
        <source>Record {record} ({ts}) went to the late side output at step {step}: the watermark {watermark} had reached the cleanup time of its window {window} (end − 1 ms + allowed lateness {lateness}).</source>
        <comment>why.record.side</comment>
        <translation>记录 {record}（{ts}）在第 {step} 步被发送到迟到数据侧输出：水位线 {watermark} 已到达其窗口 {window} 的清理时间（结束时间 − 1 ms + 允许延迟 {lateness}）。</translation>
    </message>
    <message>
        <source>Record {record} ({ts}) will go to the late side output at step {step}: the watermark {watermark} will have reached the cleanup time of its window {window} (end − 1 ms + allowed lateness {lateness}).</source>
        <comment>why.record.side.later</comment>
        <translation>记录 {record}（{ts}）将在第 {step} 步被发送到迟到数据侧输出：届时水位线 {watermark} 已到达其窗口 {window} 的清理时间（结束时间 − 1 ms + 允许延迟 {lateness}）。</translation>
    </message>
    <message>
        <source>An allowed lateness of {needed} would have kept it: window {window} would then be cleaned up at {cleanup}, after the watermark {watermark}, and the record would have re-fired it.</source>
        <comment>why.record.lateness</comment>
        <translation>如果允许延迟为 {needed}，它就会被保留：窗口 {window} 的清理时间将是 {cleanup}，晚于水位线 {watermark}，这条记录就会让窗口再次触发。</translation>
    </message>
    <message>
        <source>Reader {channel} reads partitions {partitions} of topic {topic}, each with its own generator.</source>
        <comment>reader.partitions</comment>
        <translation>读取器 {channel} 读取主题 {topic} 的分区 {partitions}，每个分区有自己的生成器。</translation>
    </message>
    <message>
        <source>Reader {channel} reads no partition of topic {topic}: there are more readers than partitions. It forwards nothing, and holds the operator watermark at Long.MIN_VALUE unless withIdleness marks it idle.</source>
        <comment>reader.nopartition</comment>
        <translation>读取器 {channel} 没有分到主题 {topic} 的任何分区：读取器比分区多。它什么都不转发，并把算子水位线拖在 Long.MIN_VALUE，除非 withIdleness 把它标记为空闲。</translation>
    </message>
    <message>
        <source>Reader {channel} reads no partition of topic {topic}: there are more readers than partitions, and a bounded source&apos;s reader without a split finishes at once, forwarding +∞ (Long.MAX_VALUE).</source>
        <comment>reader.nopartition.bounded</comment>
        <translation>读取器 {channel} 没有分到主题 {topic} 的任何分区：读取器比分区多，而有界源中没有分片的读取器会立即结束，转发 +∞（Long.MAX_VALUE）。</translation>
    </message>
    <message>
        <source>Record {record} ({key}, {ts}) arrives from partition {partition}, which reader {channel} reads.</source>
        <comment>arrival.partition</comment>
        <translation>记录 {record}（{key}，{ts}）来自分区 {partition}，由读取器 {channel} 读取。</translation>
    </message>
    <message>
        <source>Record {record} ({ts}) arrives from partition {partition}, which reader {channel} reads.</source>
        <comment>arrival.partition.all</comment>
        <translation>记录 {record}（{ts}）来自分区 {partition}，由读取器 {channel} 读取。</translation>
    </message>
    <message>
        <source>Periodic watermark emission in reader {channel} (every {period}): each of its partitions&apos; generators emits, then the reader combines them.</source>
        <comment>periodic.reader</comment>
        <translation>读取器 {channel} 的周期水位线发射（每 {period}）：它的每个分区的生成器各自发射，然后读取器合并它们。</translation>
    </message>
    <message>
        <source>Partition {partition}&apos;s watermark in reader {channel} becomes {watermark}.</source>
        <comment>partition.watermark</comment>
        <translation>分区 {partition} 在读取器 {channel} 中的水位线变为 {watermark}。</translation>
    </message>
    <message>
        <source>Partition {partition} has been idle for {idleness} (no record since the check at {since}), so reader {channel} ignores it.</source>
        <comment>partition.idle</comment>
        <translation>分区 {partition} 已空闲 {idleness}（自 {since} 的检查起没有记录），所以读取器 {channel} 忽略它。</translation>
    </message>
    <message>
        <source>Partition {partition} is active again, and reader {channel} waits for it once more.</source>
        <comment>partition.active</comment>
        <translation>分区 {partition} 重新活跃，读取器 {channel} 再次等待它。</translation>
    </message>
    <message>
        <source>Reader {channel}&apos;s watermark becomes {watermark}: the minimum over its active partitions, which partition {partition} holds.</source>
        <comment>reader.watermark</comment>
        <translation>读取器 {channel} 的水位线变为 {watermark}：它的活跃分区中的最小值，由分区 {partition} 决定。</translation>
    </message>
    <message>
        <source>Reader {channel}&apos;s watermark becomes {watermark}: every partition it reads is idle, and Flink 2 takes the largest of their watermarks.</source>
        <comment>reader.watermark.allIdle</comment>
        <translation>读取器 {channel} 的水位线变为 {watermark}：它读取的每个分区都空闲，Flink 2 取它们水位线中的最大值。</translation>
    </message>
    <message>
        <source>Reader {channel} forwards the final watermark +∞ (Long.MAX_VALUE).</source>
        <comment>reader.watermark.end</comment>
        <translation>读取器 {channel} 转发最终水位线 +∞（Long.MAX_VALUE）。</translation>
    </message>
    <message>
        <source>Reader {channel} is marked idle and left out of the minimum: every partition it reads is idle.</source>
        <comment>reader.idle</comment>
        <translation>读取器 {channel} 被标记为空闲，不再计入最小值：它读取的每个分区都空闲。</translation>
    </message>
    <message>
        <source>Reader {channel} is active again.</source>
        <comment>reader.active</comment>
        <translation>读取器 {channel} 重新活跃。</translation>
    </message>
    <message>
        <source>End of input: every source reader forwards the final watermark +∞ (Long.MAX_VALUE), except one that is idle, whose task drops it (FLINK-40499).</source>
        <comment>end.of.input.readers</comment>
        <translation>输入结束：每个源读取器转发最终水位线 +∞（Long.MAX_VALUE），空闲的读取器除外，它的任务会丢弃该水位线（FLINK-40499）。</translation>
    </message>
    <message>
        <source>The operator watermark advances from {before} to {after}: it is the minimum of the source readers, and reader {channel} holds it.</source>
        <comment>operator.advance.readers</comment>
        <translation>算子水位线从 {before} 推进到 {after}：它是各源读取器的最小值，由读取器 {channel} 决定。</translation>
    </message>
    <message>
        <source>The operator watermark stays at {watermark}: it is the minimum of the source readers, and reader {channel} holds it back.</source>
        <comment>operator.stays.readers</comment>
        <translation>算子水位线停在 {watermark}：它是各源读取器的最小值，读取器 {channel} 拖住了它。</translation>
    </message>
    <message>
        <source>Reader {channel} reads partitions {partitions} of topic {topic}, which hold no record: a bounded source finds its splits empty, and the reader finishes at once, forwarding +∞ (Long.MAX_VALUE).</source>
        <comment>reader.allempty.bounded</comment>
        <translation>读取器 {channel} 读取主题 {topic} 的分区 {partitions}，这些分区没有记录：有界数据源发现它们的 split 为空，读取器立即结束，并转发 +∞（Long.MAX_VALUE）。</translation>
    </message>
    <message>
        <source>Partition {partition} has been read to its end, so reader {channel} finishes its split and releases its output: the partition holds the reader back no more.</source>
        <comment>partition.finished</comment>
        <translation>分区 {partition} 已读到末尾，因此读取器 {channel} 结束它的 split 并释放其输出：该分区不再拖住读取器。</translation>
    </message>
    <message>
        <source>Partition {partition} has been read to its end: reader {channel} finishes its split.</source>
        <comment>partition.finished.plain</comment>
        <translation>分区 {partition} 已读到末尾：读取器 {channel} 结束它的 split。</translation>
    </message>
    <message>
        <source>Partition {partition} holds no record: reader {channel} found its split empty and finishes it with its first fetch.</source>
        <comment>partition.finished.empty</comment>
        <translation>分区 {partition} 没有记录：读取器 {channel} 发现它的 split 为空，在第一次拉取时结束它。</translation>
    </message>
    <message>
        <source>Reader {channel} has finished every partition it reads: its input has ended, and it forwards the final watermark +∞ (Long.MAX_VALUE).</source>
        <comment>reader.finished</comment>
        <translation>读取器 {channel} 已读完它的每个分区：它的输入结束了，并转发最终水位线 +∞（Long.MAX_VALUE）。</translation>
    </message>
    <message>
        <source>Reader {channel} has finished every partition it reads, but it is idle: its task drops the final watermark (FLINK-40499).</source>
        <comment>reader.finished.idle</comment>
        <translation>读取器 {channel} 已读完它的每个分区，但它处于空闲状态：它的任务丢弃了最终水位线（FLINK-40499）。</translation>
    </message>
    <message>
        <source>Reader {channel} has finished every partition it reads: its input has ended.</source>
        <comment>reader.finished.plain</comment>
        <translation>读取器 {channel} 已读完它的每个分区：它的输入结束了。</translation>
    </message>
    <message>
        <source>Reader {channel} has finished: SourceOperator#finish stopped its periodic emission, so its timer does nothing.</source>
        <comment>periodic.reader.ended</comment>
        <translation>读取器 {channel} 已结束：SourceOperator#finish 停止了它的周期性发射，所以这次定时器什么也不做。</translation>
    </message>
    <message>
        <source>End of input: every reader has finished its partitions already, so nothing is left to end.</source>
        <comment>end.of.input.finished</comment>
        <translation>输入结束：每个读取器都已读完它的分区，没有需要结束的了。</translation>
    </message>
</context>
<context>
    <name>tidemark::app::AnimationExport</name>
    <message>
        <source>Step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>Steps %1–%2</source>
        <translation>第 %1–%2 步</translation>
    </message>
    <message>
        <source>%1 went by: no record arrived.</source>
        <translation>%1 已跳过：没有记录到达。</translation>
    </message>
    <message>
        <source>%1 changed nothing shown and went by.</source>
        <translation>%1 没有改变任何显示内容，已跳过。</translation>
    </message>
    <message>
        <source>%1 of the run&apos;s %2 steps are frames: those that change something shown, and the first and the last. The steps in between went by.</source>
        <translation>本次运行的 %2 步中有 %1 步成为帧：改变了显示内容的步骤，以及第一步和最后一步。其间的其他步骤已跳过。</translation>
    </message>
    <message>
        <source>%1 of the run&apos;s %2 steps are frames: those where a record arrives, and the first and the last. The steps in between went by.</source>
        <translation>本次运行的 %2 步中有 %1 步成为帧：有记录到达的步骤，以及第一步和最后一步。其间的其他步骤已跳过。</translation>
    </message>
    <message>
        <source>Every one of the run&apos;s %1 steps is a frame.</source>
        <translation>本次运行的 %1 步每一步都是一帧。</translation>
    </message>
    <message>
        <source>en</source>
        <comment>the language tag of the exported animation page</comment>
        <translation>zh-CN</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>播放器</translation>
    </message>
    <message>
        <source>First step (Home)</source>
        <translation>第一步（Home）</translation>
    </message>
    <message>
        <source>Previous step (←)</source>
        <translation>上一步（←）</translation>
    </message>
    <message>
        <source>Play or pause (P)</source>
        <translation>播放或暂停（P）</translation>
    </message>
    <message>
        <source>▶ Play</source>
        <translation>▶ 播放</translation>
    </message>
    <message>
        <source>Next step (→ or Space)</source>
        <translation>下一步（→ 或 Space）</translation>
    </message>
    <message>
        <source>Last step (End)</source>
        <translation>最后一步（End）</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>帧</translation>
    </message>
    <message>
        <source>This page needs JavaScript to play its frames.</source>
        <translation>此页面需要 JavaScript 才能播放其中的帧。</translation>
    </message>
    <message>
        <source>Exported from Tidemark %1.</source>
        <translation>由 Tidemark %1 导出。</translation>
    </message>
    <message>
        <source>Nothing has happened yet.</source>
        <translation>尚未发生任何事。</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步（共 %2 步）</translation>
    </message>
    <message>
        <source>processing time %1</source>
        <translation>处理时间 %1</translation>
    </message>
    <message>
        <source>The timeline at step %1</source>
        <translation>第 %1 步时的时间轴</translation>
    </message>
    <message>
        <source>frame %1 of %2</source>
        <translation>第 %1 帧（共 %2 帧）</translation>
    </message>
    <message>
        <source>❚❚ Pause</source>
        <translation>❚❚ 暂停</translation>
    </message>
    <message>
        <source>the folder cannot be made</source>
        <translation>无法创建该文件夹</translation>
    </message>
    <message>
        <source>the folder already holds animation frames (frame-*.png, frames.txt)</source>
        <translation>该文件夹中已有动画帧（frame-*.png、frames.txt）</translation>
    </message>
    <message>
        <source>cannot be removed</source>
        <translation>无法删除</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>processing time</source>
        <translation>处理时间</translation>
    </message>
    <message>
        <source>narration</source>
        <translation>讲解</translation>
    </message>
    <message>
        <source>Reveal (R)</source>
        <translation>揭晓（R）</translation>
    </message>
    <message>
        <source>Keys: %1 or %2 next step, %3 previous step, %4 first step, %5 last step, %6 play or pause, %7 reveal a prediction.</source>
        <translation>按键：%1 或 %2 下一步，%3 上一步，%4 第一步，%5 最后一步，%6 播放或暂停，%7 揭晓预测。</translation>
    </message>
    <message>
        <source>Predict first: what happens next? The next fire is held back until you reveal it.</source>
        <translation>先预测：接下来会发生什么？下一次触发会被暂时隐藏，直到你揭晓它。</translation>
    </message>
</context>
<context>
    <name>tidemark::app::AttachDialog</name>
    <message>
        <source>&amp;List Jobs</source>
        <translation>列出作业(&amp;L)</translation>
    </message>
    <message>
        <source>Attach to Flink</source>
        <translation>连接到 Flink</translation>
    </message>
    <message>
        <source>Follow a running job&apos;s watermarks through the cluster&apos;s REST API: the address of its JobManager (rest.port, 8081 by default), then the job.</source>
        <translation>通过集群的 REST API 跟踪一个运行中作业的水位线：先填写其 JobManager 的地址（rest.port，默认 8081），再选择作业。</translation>
    </message>
    <message>
        <source>REST address:</source>
        <translation>REST 地址：</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>作业</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Job ID</source>
        <translation>作业 ID</translation>
    </message>
    <message>
        <source>&amp;Follow the Job</source>
        <translation>跟踪该作业(&amp;F)</translation>
    </message>
    <message>
        <source>Asking %1 for its jobs…</source>
        <translation>正在向 %1 查询作业……</translation>
    </message>
    <message>
        <source>The cluster has no jobs.</source>
        <translation>该集群没有作业。</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s), %1 running. Only a running job has watermarks to follow.</source>
        <translation>
            <numerusform>共 %n 个作业，%1 个正在运行。只有运行中的作业才有可跟踪的水位线。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tidemark::app::AttachWindow</name>
    <message>
        <source>Follow the newest poll</source>
        <translation>跟随最新一次轮询</translation>
    </message>
    <message>
        <source>Stop Polling</source>
        <translation>停止轮询</translation>
    </message>
    <message>
        <source>%1 — attached — Tidemark</source>
        <translation>%1 — 已连接 — Tidemark</translation>
    </message>
    <message>
        <source>◀</source>
        <translation>◀</translation>
    </message>
    <message>
        <source>The poll before</source>
        <translation>上一次轮询</translation>
    </message>
    <message>
        <source>▶</source>
        <translation>▶</translation>
    </message>
    <message>
        <source>The poll after</source>
        <translation>下一次轮询</translation>
    </message>
    <message>
        <source>Vertex:</source>
        <translation>顶点：</translation>
    </message>
    <message>
        <source>Polling %1 every %2 s.</source>
        <translation>每 %2 秒轮询一次 %1。</translation>
    </message>
    <message>
        <source>Polling stopped. What was polled is kept.</source>
        <translation>轮询已停止。已轮询到的数据会保留。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; at %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，位于 %2</translation>
    </message>
    <message numerus="yes">
        <source> · %1 · %n poll(s) made</source>
        <translation>
            <numerusform> · %1 · 已轮询 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source> · the last %1 polls are kept</source>
        <translation> · 保留最近 %1 次轮询</translation>
    </message>
    <message numerus="yes">
        <source> (%n older one(s) dropped)</source>
        <translation>
            <numerusform>（已丢弃较早的 %n 次）</numerusform>
        </translation>
    </message>
    <message>
        <source>poll %1 of %2 · %3</source>
        <translation>第 %1 次轮询，共 %2 次 · %3</translation>
    </message>
</context>
<context>
    <name>tidemark::app::BadLinesModel</name>
    <message>
        <source>%1:%2:%3</source>
        <translation>%1:%2:%3</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Why it is not a record</source>
        <translation>为何不是记录</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Read at</source>
        <translation>读取时间</translation>
    </message>
    <message>
        <source>on loading</source>
        <translation>加载时</translation>
    </message>
</context>
<context>
    <name>tidemark::app::CompareBar</name>
    <message>
        <source>%1 steps/s</source>
        <translation>%1 步/秒</translation>
    </message>
    <message>
        <source>Playback speed: how many of the shared steps (a processing time at which either run changes something) go by per second</source>
        <translation>播放速度：每秒经过多少个共同步骤（任一运行有所变化的处理时间点）</translation>
    </message>
    <message>
        <source>Each run&apos;s step at the shared processing time: its last step up to that time, or, at a difference, the step where the difference shows in it</source>
        <translation>各运行在共同处理时间上的步骤：截至该时间的最后一步；若处在某个差异处，则为该差异在此运行中出现的那一步</translation>
    </message>
    <message>
        <source>%1: step %2 of %3</source>
        <translation>%1：第 %2 步（共 %3 步）</translation>
    </message>
    <message>
        <source>start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
</context>
<context>
    <name>tidemark::app::CompareSetupDialog</name>
    <message>
        <source>Compare with One Setting Changed</source>
        <translation>改动一项设置后比较</translation>
    </message>
    <message>
        <source>B is a copy of A, “%1”, with one setting changed: the same events under two pipelines.</source>
        <translation>B 是 A（“%1”）的副本，只改动了一项设置：同样的事件，两条流水线。</translation>
    </message>
    <message>
        <source>Change for B:</source>
        <translation>B 的改动：</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Give B another value: it has A&apos;s pipeline now.</source>
        <translation>请为 B 设置另一个值：它现在的流水线与 A 相同。</translation>
    </message>
    <message>
        <source>No differences: both pipelines give the same outputs</source>
        <translation>没有差异：两条流水线的输出相同</translation>
    </message>
    <message>
        <source>1 difference</source>
        <translation>1 处差异</translation>
    </message>
    <message>
        <source>%1 differences</source>
        <translation>%1 处差异</translation>
    </message>
    <message>
        <source>A: %1
B: %2
%3</source>
        <translation>A：%1
B：%2
%3</translation>
    </message>
    <message>
        <source>%1: %2 vs %3</source>
        <translation>%1：%2 对比 %3</translation>
    </message>
</context>
<context>
    <name>tidemark::app::CompareWindow</name>
    <message>
        <source>Cannot compare — Tidemark</source>
        <translation>无法比较 — Tidemark</translation>
    </message>
    <message>
        <source>%1 — Compare — Tidemark</source>
        <translation>%1 — 比较 — Tidemark</translation>
    </message>
    <message>
        <source>|◀ Start</source>
        <translation>|◀ 开始</translation>
    </message>
    <message>
        <source>Both runs to step 0 (Home)</source>
        <translation>两个运行都回到第 0 步（Home）</translation>
    </message>
    <message>
        <source>◀ Step</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Back to the previous processing time at which either run changes something (←)</source>
        <translation>回到上一个任一运行有所变化的处理时间（←）</translation>
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
        <source>⏸ Pause</source>
        <translation>⏸ 暂停</translation>
    </message>
    <message>
        <source>Step ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>On to the next processing time at which either run changes something (→)</source>
        <translation>前进到下一个任一运行有所变化的处理时间（→）</translation>
    </message>
    <message>
        <source>End ▶|</source>
        <translation>结束 ▶|</translation>
    </message>
    <message>
        <source>Both runs to their end (End)</source>
        <translation>两个运行都跳到结束（End）</translation>
    </message>
    <message>
        <source>◀ Previous difference</source>
        <translation>◀ 上一处差异</translation>
    </message>
    <message>
        <source>The difference before this one in the list (Shift+←)</source>
        <translation>列表中这一处之前的差异（Shift+←）</translation>
    </message>
    <message>
        <source>No earlier difference.</source>
        <translation>前面没有差异了。</translation>
    </message>
    <message>
        <source>Next difference ▶</source>
        <translation>下一处差异 ▶</translation>
    </message>
    <message>
        <source>The difference after this one in the list (Shift+→)</source>
        <translation>列表中这一处之后的差异（Shift+→）</translation>
    </message>
    <message>
        <source>No later difference.</source>
        <translation>后面没有差异了。</translation>
    </message>
    <message>
        <source>+</source>
        <translation>+</translation>
    </message>
    <message>
        <source>Zoom in (Ctrl+=)</source>
        <translation>放大（Ctrl+=）</translation>
    </message>
    <message>
        <source>−</source>
        <translation>−</translation>
    </message>
    <message>
        <source>Zoom out (Ctrl+-)</source>
        <translation>缩小（Ctrl+-）</translation>
    </message>
    <message>
        <source>Fit all</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <source>Both timelines to everything of both runs (Ctrl+0)</source>
        <translation>让两条时间轴都显示两个运行的全部内容（Ctrl+0）</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Close the comparison</source>
        <translation>关闭比较</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — select one to see both runs where it shows</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — 选择一处，即可查看它在两个运行中出现的位置</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No differences: both pipelines give the same outputs</source>
        <translation>没有差异：两条流水线的输出相同</translation>
    </message>
    <message>
        <source>1 difference</source>
        <translation>1 处差异</translation>
    </message>
    <message>
        <source>%1 differences</source>
        <translation>%1 处差异</translation>
    </message>
</context>
<context>
    <name>tidemark::app::ComparisonRuns</name>
    <message>
        <source>The two runs cannot be compared: %1</source>
        <translation>这两个运行无法比较：%1</translation>
    </message>
    <message>
        <source>Run %1 cannot be played: %2</source>
        <translation>运行 %1 无法播放：%2</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 对比 %2</translation>
    </message>
</context>
<context>
    <name>tidemark::app::Comparisons</name>
    <message>
        <source>Cannot compare</source>
        <translation>无法比较</translation>
    </message>
    <message>
        <source>These two runs cannot be compared.</source>
        <translation>这两个运行无法比较。</translation>
    </message>
    <message>
        <source>%1 is not a scenario: a comparison needs B&apos;s pipeline, which an event file does not have.</source>
        <translation>%1 不是场景：比较需要 B 的流水线，而事件文件没有流水线。</translation>
    </message>
    <message>
        <source>Compare with another scenario of the same events</source>
        <translation>与使用相同事件的另一个场景比较</translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation>场景 (*.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>tidemark::app::DifferencesModel</name>
    <message>
        <source>fire moved</source>
        <translation>触发位置不同</translation>
    </message>
    <message>
        <source>result differs</source>
        <translation>结果不同</translation>
    </message>
    <message>
        <source>timing differs</source>
        <translation>准时与否不同</translation>
    </message>
    <message>
        <source>fire only in A</source>
        <translation>仅在 A 中触发</translation>
    </message>
    <message>
        <source>fire only in B</source>
        <translation>仅在 B 中触发</translation>
    </message>
    <message>
        <source>late only in A</source>
        <translation>仅在 A 中迟到</translation>
    </message>
    <message>
        <source>late only in B</source>
        <translation>仅在 B 中迟到</translation>
    </message>
    <message>
        <source>late action differs</source>
        <translation>迟到处理方式不同</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>键 %1</translation>
    </message>
    <message>
        <source>value %1</source>
        <translation>值 %1</translation>
    </message>
    <message>
        <source>record %1 (%2)</source>
        <translation>记录 %1（%2）</translation>
    </message>
    <message>
        <source>window %1</source>
        <translation>窗口 %1</translation>
    </message>
    <message>
        <source>%1, key %2</source>
        <translation>%1，键 %2</translation>
    </message>
    <message>
        <source>%1, firing %2</source>
        <translation>%1，第 %2 次触发</translation>
    </message>
    <message>
        <source>after record %1, step %2 at %3: %4</source>
        <translation>记录 %1 之后，第 %2 步，%3：%4</translation>
    </message>
    <message>
        <source>late, after record %1, step %2 at %3: %4</source>
        <translation>迟到，记录 %1 之后，第 %2 步，%3：%4</translation>
    </message>
    <message>
        <source>dropped after record %1, step %2 at %3</source>
        <translation>记录 %1 之后被丢弃，第 %2 步，%3</translation>
    </message>
    <message>
        <source>side output after record %1, step %2 at %3</source>
        <translation>记录 %1 之后进入侧输出，第 %2 步，%3</translation>
    </message>
    <message>
        <source>does not fire</source>
        <translation>不触发</translation>
    </message>
    <message>
        <source>accepted: record %1 arrives at step %2, %3</source>
        <translation>被接受：记录 %1 在第 %2 步到达，%3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
    <message>
        <source>; operator watermark %1, %2 element(s)</source>
        <translation>；算子水位线 %1，%2 个元素</translation>
    </message>
    <message>
        <source>; operator watermark %1</source>
        <translation>；算子水位线 %1</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>Window / record</source>
        <translation>窗口 / 记录</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>output moved, result differs</source>
        <translation>输出移动，结果不同</translation>
    </message>
    <message>
        <source>output moved</source>
        <translation>输出移动</translation>
    </message>
    <message>
        <source>output only in A</source>
        <translation>仅 A 有此输出</translation>
    </message>
    <message>
        <source>output only in B</source>
        <translation>仅 B 有此输出</translation>
    </message>
    <message>
        <source>late fire only in A</source>
        <translation>仅 A 有迟到触发</translation>
    </message>
    <message>
        <source>late fire only in B</source>
        <translation>仅 B 有迟到触发</translation>
    </message>
    <message>
        <source>side output only in A</source>
        <translation>仅 A 有侧输出</translation>
    </message>
    <message>
        <source>side output only in B</source>
        <translation>仅 B 有侧输出</translation>
    </message>
    <message>
        <source>dropped only in A</source>
        <translation>仅 A 丢弃</translation>
    </message>
    <message>
        <source>dropped only in B</source>
        <translation>仅 B 丢弃</translation>
    </message>
    <message>
        <source>not made</source>
        <translation>未产生</translation>
    </message>
    <message>
        <source>step %1 at %2: %3</source>
        <translation>第 %1 步，%2：%3</translation>
    </message>
    <message>
        <source>operator %1</source>
        <translation>算子 %1</translation>
    </message>
    <message>
        <source>; subtask %1, its event time %2</source>
        <translation>；子任务 %1，其事件时间 %2</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
</context>
<context>
    <name>tidemark::app::ExampleDescriptions</name>
    <message>
        <source>Clicks per user (&apos;time user&apos; lines) in 10-second tumbling event-time windows, but with .trigger(CountTrigger.of(3)) and monotonous watermarks. The count trigger replaces the event-time trigger: the window fires on every 3rd element of a user, never because of the watermark. It does not purge, so the second firing lists all 6 of Bob&apos;s clicks, not just the last 3. Carol has only 2 clicks, so her window never fires. When the watermark passes the window&apos;s end (at Bob&apos;s click at 12000) the window is cleared without output: Bob&apos;s click at 9500 and Carol&apos;s clicks are never emitted.</source>
        <translation>按用户统计点击（每行为 &apos;time user&apos;），使用 10 秒的事件时间滚动窗口，但设置了 .trigger(CountTrigger.of(3))，水位线单调递增。计数触发器取代了事件时间触发器：窗口每收到某个用户的 3 个元素就触发一次，从不因水位线而触发。它不会清空（purge）窗口，所以第二次触发列出 Bob 的全部 6 次点击，而不只是最后 3 次。Carol 只有 2 次点击，所以她的窗口从不触发。当水位线越过窗口的结束时间时（Bob 在 12000 的点击到达时），窗口被清除且没有输出：Bob 在 9500 的点击和 Carol 的点击永远不会被发出。</translation>
    </message>
    <message>
        <source>A sensor&apos;s readings are written to a Kafka topic with two partitions, read by two source subtasks with their own watermark generators (forBoundedOutOfOrderness(1 s), every 200 ms). The &apos;partition&apos; column says which one. Partition 1 gets a single reading (6000) and then nothing more. The window operator (5-second tumbling windows listing the timestamps) takes the minimum of the two generators&apos; watermarks. Partition 1&apos;s generator stays at 6000 - 1001 = 4999 for ever, so the window operator&apos;s watermark can never pass 4999, however far partition 0 runs ahead. Window [0, 5000) fires; after that nothing fires any more, although partition 0 reaches 16000. Compare with the version that uses withIdleness.</source>
        <translation>一个传感器的读数被写入有两个分区的 Kafka topic，由两个 source 子任务读取，每个子任务有自己的水位线生成器（forBoundedOutOfOrderness(1 s)，每 200 ms 一次）。&apos;partition&apos; 列表示读数来自哪个分区。分区 1 只收到一条读数（6000），之后再无数据。窗口算子（5 秒滚动窗口，列出收到的时间戳）取两个生成器水位线的最小值。分区 1 的生成器永远停在 6000 - 1001 = 4999，因此无论分区 0 领先多远，窗口算子的水位线都无法越过 4999。窗口 [0, 5000) 会触发；此后再也没有窗口触发，尽管分区 0 已到达 16000。可与使用 withIdleness 的版本对比。</translation>
    </message>
    <message>
        <source>A sensor&apos;s readings are written to a Kafka topic with two partitions, read by two source subtasks with their own watermark generators (forBoundedOutOfOrderness(1 s), every 200 ms). The &apos;partition&apos; column says which one. Partition 1 gets a single reading (6000) and then nothing more. The window operator (5-second tumbling windows listing the timestamps) takes the minimum of the two generators&apos; watermarks. Here the strategy has .withIdleness(2 s). Partition 1&apos;s generator checks for activity on every periodic emit; about 2 s after its last reading (at 3.4 s of processing time) it declares itself idle, and the window operator stops waiting for it and follows partition 0 alone. The windows now fire as partition 0&apos;s watermark passes their ends: [0, 5000) fires on the 5th line with watermark 5999, and [5000, 10000), holding the reading that came through partition 1, fires on the 7th line, and [10000, 15000) on the 10th.</source>
        <translation>一个传感器的读数被写入有两个分区的 Kafka topic，由两个 source 子任务读取，每个子任务有自己的水位线生成器（forBoundedOutOfOrderness(1 s)，每 200 ms 一次）。&apos;partition&apos; 列表示读数来自哪个分区。分区 1 只收到一条读数（6000），之后再无数据。窗口算子（5 秒滚动窗口，列出收到的时间戳）取两个生成器水位线的最小值。这里的水位线策略带有 .withIdleness(2 s)。分区 1 的生成器在每次周期性发出时检查是否有新数据；在最后一条读数之后约 2 s（处理时间 3.4 s 时），它宣布自己空闲，窗口算子不再等待它，只跟随分区 0。现在随着分区 0 的水位线越过各窗口的结束时间，窗口依次触发：[0, 5000) 在第 5 行触发，此时水位线为 5999；[5000, 10000) 包含经分区 1 到达的那条读数，在第 7 行触发；[10000, 15000) 在第 10 行触发。</translation>
    </message>
    <message>
        <source>Sales of coloured items, summed in 5-second tumbling windows with monotonous watermarks (timestamps only grow). Run it keyed and as windowAll, and compare. windowAll: there is no key, all sales share one window per 5 seconds, and Flink forces the window operator to parallelism 1. The same data gives one sum per window: 10, then 9.</source>
        <translation>不同颜色商品的销售额，在 5 秒滚动窗口中求和，水位线单调递增（时间戳只增不减）。分别按键分组和以 windowAll 方式运行，并加以对比。windowAll：没有键，每 5 秒的所有销售共用一个窗口，Flink 强制窗口算子的并行度为 1。同样的数据每个窗口只得出一个总和：先是 10，然后是 9。</translation>
    </message>
    <message>
        <source>Sales of coloured items, summed in 5-second tumbling windows with monotonous watermarks (timestamps only grow). Run it keyed and as windowAll, and compare. keyBy(colour): every colour has its own windows, and the window operator runs with parallelism 3; Flink&apos;s key groups place blue on subtask 0, green on 1 and red on 2. When the watermark passes 4999 each colour&apos;s window fires on its own subtask: blue 1, green 4, red 5.</source>
        <translation>不同颜色商品的销售额，在 5 秒滚动窗口中求和，水位线单调递增（时间戳只增不减）。分别按键分组和以 windowAll 方式运行，并加以对比。keyBy(colour)：每种颜色有自己的窗口，窗口算子以并行度 3 运行；Flink 的键组把 blue 分到子任务 0，green 分到 1，red 分到 2。当水位线越过 4999 时，每种颜色的窗口在各自的子任务上触发：blue 1，green 4，red 5。</translation>
    </message>
    <message>
        <source>Order amounts per shop in 5-second tumbling windows (sum), forBoundedOutOfOrderness(1 s), no allowed lateness, and .sideOutputLateData(tag). Instead of being dropped silently, every record that arrives after its window was closed goes to the side output, where the job can still see it. Watch the order at 3000 arriving after the watermark reached 5499, the one at 4999, and the one at 9999: an element at the window&apos;s last millisecond is already late once the watermark equals that millisecond. The order at 5500 is out of order but arrives before its window closed, so it is counted.</source>
        <translation>按店铺统计订单金额，使用 5 秒滚动窗口（求和）、forBoundedOutOfOrderness(1 s)、无允许延迟，并设置 .sideOutputLateData(tag)。窗口关闭之后才到达的记录不会被悄悄丢弃，而是全部进入侧输出，作业在那里仍能看到它们。请观察在水位线到达 5499 之后才到达的时间戳 3000 的订单，以及 4999 和 9999 的订单：位于窗口最后一毫秒的元素，一旦水位线等于该毫秒，就已经迟到了。时间戳 5500 的订单是乱序的，但在它的窗口关闭之前到达，因此被计入。</translation>
    </message>
    <message>
        <source>Logins per user per day, with times written in Shanghai local time (UTC+8). Tumbling windows are aligned to the epoch in UTC, so a plain 1-day window would run from 08:00 to 08:00 in Shanghai. TumblingEventTimeWindows.of(1 day, offset -8 h) moves the windows to local midnight. Watch Alice&apos;s logins at 23:59:59.999 and at 00:00:00.000: one millisecond apart but in different days. Bob&apos;s login at 07:59:59 on 2 March belongs to 2 March here; without the offset it would have counted for 1 March. The watermark lags 1 minute (forBoundedOutOfOrderness(1 min)), so a day closes when a login more than a minute into the next day arrives.</source>
        <translation>按用户按天统计登录次数，时间以上海本地时间（UTC+8）书写。滚动窗口按 UTC 的纪元（epoch）对齐，所以普通的 1 天窗口在上海时间是从 08:00 到次日 08:00。TumblingEventTimeWindows.of(1 day, offset -8 h) 把窗口移到本地午夜。请观察 Alice 在 23:59:59.999 和 00:00:00.000 的两次登录：相差仅一毫秒，却属于不同的日子。Bob 在 3 月 2 日 07:59:59 的登录在这里属于 3 月 2 日；如果没有偏移，它会被算到 3 月 1 日。水位线滞后 1 分钟（forBoundedOutOfOrderness(1 min)），所以要等到一条比次日零点晚一分钟以上的登录到达，前一天的窗口才会关闭。</translation>
    </message>
    <message>
        <source>Reference post 000: lines like &apos;0001,1538359882000&apos; are typed into a Kafka topic; the job keys them by &apos;0001&apos;, puts them into 3-second tumbling event-time windows with WatermarkStrategy.forBoundedOutOfOrderness(10 s), and lists the timestamps each window received. One line arrives per second and every watermark generator emits every 200 ms (Flink&apos;s default auto-watermark interval), so each line&apos;s watermark is out before the next line comes, as when a person types lines by hand. The topic never ends (end of input: none), so windows still open at the end never fire. Here everything runs with parallelism 1. Watch the watermark trail the largest timestamp by 10 s plus 1 ms. The first window, [...881000, ...884000), fires only on the 5th line (...894000): that line lifts the watermark to ...883999, the window&apos;s last millisecond. The 9th line (...891000) is out of order but not late: the watermark (...888999) has not reached its window&apos;s end yet, so it joins [...890000, ...893000), which fires with both timestamps on the 10th line. Then comes the late-data tail: timestamps of the window that already fired keep arriving. With allowed lateness 0 the window was cleared the moment it fired, so every one of them is dropped (and counted). Compare with the 2 s allowed-lateness version of the same job.</source>
        <translation>参考文章 000：形如 &apos;0001,1538359882000&apos; 的行被输入到一个 Kafka topic；作业以 &apos;0001&apos; 为键分组，把它们放入 3 秒的事件时间滚动窗口，使用 WatermarkStrategy.forBoundedOutOfOrderness(10 s)，并列出每个窗口收到的时间戳。每秒到达一行，每个水位线生成器每 200 ms 发出一次水位线（Flink 默认的自动水位线间隔），因此每一行的水位线都会在下一行到来之前发出，就像有人逐行手动输入一样。该 topic 永不结束（输入结束：无），所以到最后仍未关闭的窗口永远不会触发。这里所有算子都以并行度 1 运行。请观察水位线比最大时间戳落后 10 s 加 1 ms。第一个窗口 [...881000, ...884000) 直到第 5 行（...894000）才触发：这一行把水位线抬到 ...883999，即该窗口的最后一毫秒。第 9 行（...891000）是乱序的，但并未迟到：水位线（...888999）还没有到达它所属窗口的结束时间，因此它加入 [...890000, ...893000)，该窗口在第 10 行带着这两个时间戳触发。接下来是迟到数据的尾巴：已经触发过的窗口的时间戳不断到达。由于允许延迟为 0，窗口在触发的那一刻就被清除了，因此这些记录全部被丢弃（并被计数）。可与同一作业允许延迟 2 s 的版本对比。</translation>
    </message>
    <message>
        <source>Reference post 000: lines like &apos;0001,1538359882000&apos; are typed into a Kafka topic; the job keys them by &apos;0001&apos;, puts them into 3-second tumbling event-time windows with WatermarkStrategy.forBoundedOutOfOrderness(10 s), and lists the timestamps each window received. One line arrives per second and every watermark generator emits every 200 ms (Flink&apos;s default auto-watermark interval), so each line&apos;s watermark is out before the next line comes, as when a person types lines by hand. The topic never ends (end of input: none), so windows still open at the end never fire. Here everything runs with parallelism 1 and the window has .allowedLateness(2 s). Watch the watermark trail the largest timestamp by 10 s plus 1 ms. The first window, [...881000, ...884000), fires only on the 5th line (...894000): that line lifts the watermark to ...883999, the window&apos;s last millisecond. The 9th line (...891000) is out of order but not late: the watermark (...888999) has not reached its window&apos;s end yet, so it joins [...890000, ...893000), which fires with both timestamps on the 10th line. Then comes the late-data tail. The window [...890000, ...893000) already fired, but with 2 s of allowed lateness it stays alive until the watermark reaches ...894999 (its end minus 1 ms plus 2 s). Every late line for it re-fires the window at once, and each re-fire lists the whole window again, the earlier elements plus the new one (3, 4, 5, ... 9 timestamps). The line ...905000 pushes the watermark to ...894999: the window is cleared silently, and the last three old lines are dropped.</source>
        <translation>参考文章 000：形如 &apos;0001,1538359882000&apos; 的行被输入到一个 Kafka topic；作业以 &apos;0001&apos; 为键分组，把它们放入 3 秒的事件时间滚动窗口，使用 WatermarkStrategy.forBoundedOutOfOrderness(10 s)，并列出每个窗口收到的时间戳。每秒到达一行，每个水位线生成器每 200 ms 发出一次水位线（Flink 默认的自动水位线间隔），因此每一行的水位线都会在下一行到来之前发出，就像有人逐行手动输入一样。该 topic 永不结束（输入结束：无），所以到最后仍未关闭的窗口永远不会触发。这里所有算子都以并行度 1 运行，窗口设置了 .allowedLateness(2 s)。请观察水位线比最大时间戳落后 10 s 加 1 ms。第一个窗口 [...881000, ...884000) 直到第 5 行（...894000）才触发：这一行把水位线抬到 ...883999，即该窗口的最后一毫秒。第 9 行（...891000）是乱序的，但并未迟到：水位线（...888999）还没有到达它所属窗口的结束时间，因此它加入 [...890000, ...893000)，该窗口在第 10 行带着这两个时间戳触发。接下来是迟到数据的尾巴。窗口 [...890000, ...893000) 已经触发过，但由于有 2 s 的允许延迟，它会一直保留到水位线到达 ...894999（窗口结束时间减 1 ms 再加 2 s）。属于它的每一条迟到行都会让窗口立即再次触发，每次再触发都会重新列出整个窗口，即之前的元素加上新元素（3、4、5……9 个时间戳）。...905000 这一行把水位线推到 ...894999：窗口被悄无声息地清除，最后三条旧行被丢弃。</translation>
    </message>
    <message>
        <source>Reference post 000: lines like &apos;0001,1538359882000&apos; are typed into a Kafka topic; the job keys them by &apos;0001&apos;, puts them into 3-second tumbling event-time windows with WatermarkStrategy.forBoundedOutOfOrderness(10 s), and lists the timestamps each window received. One line arrives per second and every watermark generator emits every 200 ms (Flink&apos;s default auto-watermark interval), so each line&apos;s watermark is out before the next line comes, as when a person types lines by hand. The topic never ends (end of input: none), so windows still open at the end never fire. Here the watermark generators run with parallelism 3 and the lines reach them in turn (line 1 to generator 0, line 2 to generator 1, line 3 to generator 2, line 4 to generator 0, ...), as the post&apos;s table shows; the window operator also runs with parallelism 3 and key &apos;0001&apos; lives on subtask 0 (printed &apos;1&gt;&apos;). Each generator only sees every third line, and the window operator&apos;s watermark is the minimum over the three. Watch the first window fire on the 7th line (...897000) instead of the 5th: only then has every generator seen a timestamp of ...894000 or more. The second window waits until the 12th line, and [...890000, ...893000) until the 20th, so most of the &apos;late&apos; tail is not late at all here: it is still on time and the window fires with 9 timestamps. Without allowed lateness the window is cleared when it fires, so the last three lines are dropped.</source>
        <translation>参考文章 000：形如 &apos;0001,1538359882000&apos; 的行被输入到一个 Kafka topic；作业以 &apos;0001&apos; 为键分组，把它们放入 3 秒的事件时间滚动窗口，使用 WatermarkStrategy.forBoundedOutOfOrderness(10 s)，并列出每个窗口收到的时间戳。每秒到达一行，每个水位线生成器每 200 ms 发出一次水位线（Flink 默认的自动水位线间隔），因此每一行的水位线都会在下一行到来之前发出，就像有人逐行手动输入一样。该 topic 永不结束（输入结束：无），所以到最后仍未关闭的窗口永远不会触发。这里水位线生成器以并行度 3 运行，各行轮流到达它们（第 1 行到生成器 0，第 2 行到生成器 1，第 3 行到生成器 2，第 4 行到生成器 0，……），与文章中的表格一致；窗口算子同样以并行度 3 运行，键 &apos;0001&apos; 位于子任务 0（打印为 &apos;1&gt;&apos;）。每个生成器只能看到每三行中的一行，窗口算子的水位线取三者的最小值。请观察第一个窗口在第 7 行（...897000）而不是第 5 行触发：直到这时，每个生成器才都见过 ...894000 或更大的时间戳。第二个窗口要等到第 12 行，[...890000, ...893000) 要等到第 20 行，所以这里那段 &apos;迟到&apos; 的尾巴大部分根本没有迟到：它们仍然准时，窗口触发时带有 9 个时间戳。没有允许延迟时，窗口在触发时即被清除，因此最后三行被丢弃。</translation>
    </message>
    <message>
        <source>Reference post 000: lines like &apos;0001,1538359882000&apos; are typed into a Kafka topic; the job keys them by &apos;0001&apos;, puts them into 3-second tumbling event-time windows with WatermarkStrategy.forBoundedOutOfOrderness(10 s), and lists the timestamps each window received. One line arrives per second and every watermark generator emits every 200 ms (Flink&apos;s default auto-watermark interval), so each line&apos;s watermark is out before the next line comes, as when a person types lines by hand. The topic never ends (end of input: none), so windows still open at the end never fire. Here the watermark generators run with parallelism 3 and the lines reach them in turn (line 1 to generator 0, line 2 to generator 1, line 3 to generator 2, line 4 to generator 0, ...), as the post&apos;s table shows; the window operator also runs with parallelism 3 and key &apos;0001&apos; lives on subtask 0 (printed &apos;1&gt;&apos;). Each generator only sees every third line, and the window operator&apos;s watermark is the minimum over the three. Watch the first window fire on the 7th line (...897000) instead of the 5th: only then has every generator seen a timestamp of ...894000 or more. The second window waits until the 12th line, and [...890000, ...893000) until the 20th, so most of the &apos;late&apos; tail is not late at all here: it is still on time and the window fires with 9 timestamps. With .allowedLateness(2 s) the last three lines arrive after that fire and each re-fires the window with the whole list (10, 11, 12 timestamps).</source>
        <translation>参考文章 000：形如 &apos;0001,1538359882000&apos; 的行被输入到一个 Kafka topic；作业以 &apos;0001&apos; 为键分组，把它们放入 3 秒的事件时间滚动窗口，使用 WatermarkStrategy.forBoundedOutOfOrderness(10 s)，并列出每个窗口收到的时间戳。每秒到达一行，每个水位线生成器每 200 ms 发出一次水位线（Flink 默认的自动水位线间隔），因此每一行的水位线都会在下一行到来之前发出，就像有人逐行手动输入一样。该 topic 永不结束（输入结束：无），所以到最后仍未关闭的窗口永远不会触发。这里水位线生成器以并行度 3 运行，各行轮流到达它们（第 1 行到生成器 0，第 2 行到生成器 1，第 3 行到生成器 2，第 4 行到生成器 0，……），与文章中的表格一致；窗口算子同样以并行度 3 运行，键 &apos;0001&apos; 位于子任务 0（打印为 &apos;1&gt;&apos;）。每个生成器只能看到每三行中的一行，窗口算子的水位线取三者的最小值。请观察第一个窗口在第 7 行（...897000）而不是第 5 行触发：直到这时，每个生成器才都见过 ...894000 或更大的时间戳。第二个窗口要等到第 12 行，[...890000, ...893000) 要等到第 20 行，所以这里那段 &apos;迟到&apos; 的尾巴大部分根本没有迟到：它们仍然准时，窗口触发时带有 9 个时间戳。设置了 .allowedLateness(2 s) 后，最后三行在那次触发之后到达，每一行都让窗口带着完整列表再次触发（10、11、12 个时间戳）。</translation>
    </message>
    <message>
        <source>Reference post 001: lines like &apos;1634091720000 a&apos; (a timestamp and a word) are typed into a socket (nc -lk); the job uses the legacy BoundedOutOfOrdernessTimestampExtractor, keys by the word, counts words in 3-second tumbling event-time windows and prints &apos;6&gt; (a,3)&apos;. The extractor sets the watermark to the largest timestamp minus the delay (no extra -1 ms, unlike forBoundedOutOfOrderness); Flink runs it with the socket&apos;s parallelism 1 and emits every 200 ms. The window operator has the parallelism of the post&apos;s machine (8), and the word &apos;a&apos; belongs to subtask 5, which Flink prints as &apos;6&gt;&apos;. One line per second, and the socket never ends (end of input: none). With a delay of 0 the watermark equals the largest timestamp. Window [...720000, ...723000) fires as soon as ...723000 arrives, with 3 words (0, 1 and 2 s), and [...723000, ...726000) fires on ...726000 with 3 words: windows include their start and exclude their end.</source>
        <translation>参考文章 001：形如 &apos;1634091720000 a&apos;（一个时间戳和一个单词）的行被输入到 socket（nc -lk）；作业使用旧版的 BoundedOutOfOrdernessTimestampExtractor，以单词为键分组，在 3 秒的事件时间滚动窗口中统计单词数，并打印 &apos;6&gt; (a,3)&apos;。该提取器把水位线设为最大时间戳减去延迟（不像 forBoundedOutOfOrderness 那样再减 1 ms）；Flink 以 socket 的并行度 1 运行它，每 200 ms 发出一次水位线。窗口算子的并行度等于文章作者机器的核数（8），单词 &apos;a&apos; 属于子任务 5，Flink 将其打印为 &apos;6&gt;&apos;。每秒一行，socket 永不结束（输入结束：无）。延迟为 0 时，水位线等于最大时间戳。窗口 [...720000, ...723000) 在 ...723000 一到达就触发，包含 3 个单词（0、1 和 2 s），[...723000, ...726000) 在 ...726000 到达时触发，同样包含 3 个单词：窗口包含起始时间，不包含结束时间。</translation>
    </message>
    <message>
        <source>Reference post 001: lines like &apos;1634091720000 a&apos; (a timestamp and a word) are typed into a socket (nc -lk); the job uses the legacy BoundedOutOfOrdernessTimestampExtractor, keys by the word, counts words in 3-second tumbling event-time windows and prints &apos;6&gt; (a,3)&apos;. The extractor sets the watermark to the largest timestamp minus the delay (no extra -1 ms, unlike forBoundedOutOfOrderness); Flink runs it with the socket&apos;s parallelism 1 and emits every 200 ms. The window operator has the parallelism of the post&apos;s machine (8), and the word &apos;a&apos; belongs to subtask 5, which Flink prints as &apos;6&gt;&apos;. One line per second, and the socket never ends (end of input: none). With a delay of 3 s the watermark stays 3 s behind. Two lines (...721000, ...722000) come back out of order after ...724000; the watermark is still below the end of their window, so they are counted. The first window fires only when ...726000 arrives, with 5 words, and the second one waits for ...729000 and counts 3.</source>
        <translation>参考文章 001：形如 &apos;1634091720000 a&apos;（一个时间戳和一个单词）的行被输入到 socket（nc -lk）；作业使用旧版的 BoundedOutOfOrdernessTimestampExtractor，以单词为键分组，在 3 秒的事件时间滚动窗口中统计单词数，并打印 &apos;6&gt; (a,3)&apos;。该提取器把水位线设为最大时间戳减去延迟（不像 forBoundedOutOfOrderness 那样再减 1 ms）；Flink 以 socket 的并行度 1 运行它，每 200 ms 发出一次水位线。窗口算子的并行度等于文章作者机器的核数（8），单词 &apos;a&apos; 属于子任务 5，Flink 将其打印为 &apos;6&gt;&apos;。每秒一行，socket 永不结束（输入结束：无）。延迟为 3 s 时，水位线始终落后 3 s。有两行（...721000, ...722000）在 ...724000 之后乱序到达；此时水位线仍低于它们所属窗口的结束时间，因此它们被计入。第一个窗口直到 ...726000 到达时才触发，包含 5 个单词；第二个窗口要等到 ...729000，计数为 3。</translation>
    </message>
    <message>
        <source>Reference post 002: JSON temperature readings {&quot;id&quot;,&quot;temp&quot;,&quot;time&quot;} come from Kafka into a job with parallelism 1, forBoundedOutOfOrderness(2 s), 5-second tumbling windows per id, .allowedLateness(1 s), and a process function that prints every reading of the window. One reading per second, watermarks every 200 ms. Watch the 6th reading (time 7000) lift the watermark to 4999: window [0, 5000) fires for id 1 (20, 22, 30) and for id 2 (21). The next two readings belong to that window and are late, but the window is kept for one more second of event time, so each one re-fires it at once with ALL its readings (4 for id 1, 2 for id 2). The reading at 8000 moves the watermark to 5999 = 4999 + 1000: the windows are cleared without any output, and the last two late readings are dropped.</source>
        <translation>参考文章 002：JSON 温度读数 {&quot;id&quot;,&quot;temp&quot;,&quot;time&quot;} 从 Kafka 进入一个作业：并行度 1，forBoundedOutOfOrderness(2 s)，按 id 划分的 5 秒滚动窗口，.allowedLateness(1 s)，以及一个打印窗口中每条读数的 process 函数。每秒一条读数，每 200 ms 发出一次水位线。请观察第 6 条读数（time 7000）把水位线抬到 4999：窗口 [0, 5000) 为 id 1（20, 22, 30）和 id 2（21）触发。接下来的两条读数属于该窗口，已经迟到，但窗口在事件时间上还会多保留一秒，所以每一条都会让窗口立即带着它的全部读数再次触发（id 1 有 4 条，id 2 有 2 条）。时间 8000 的读数把水位线推到 5999 = 4999 + 1000：这些窗口被清除且没有任何输出，最后两条迟到的读数被丢弃。</translation>
    </message>
    <message>
        <source>Reference post 003: JSON orders whose &apos;orderTime&apos; is an epoch-millisecond string arrive from Kafka; the job uses forBoundedOutOfOrderness(1000 ms) and sums &apos;amount&apos; over all orders (windowAll) in 5-second tumbling windows. One order per second, watermarks every 200 ms, the topic never ends. Every order is worth 10. Window starts do not depend on the first order: they are aligned to the epoch, start = ts - (ts % 5000), so windows are [...480000, ...485000), [...485000, ...490000), ... Here the orders start at ...480000, the first window&apos;s start, so it holds 5 orders and prints 50 when ...486000 lifts the watermark to ...484999.</source>
        <translation>参考文章 003：JSON 订单从 Kafka 到达，其 &apos;orderTime&apos; 是纪元毫秒数的字符串；作业使用 forBoundedOutOfOrderness(1000 ms)，在 5 秒滚动窗口中对所有订单的 &apos;amount&apos; 求和（windowAll）。每秒一个订单，每 200 ms 发出一次水位线，topic 永不结束。每个订单金额为 10。窗口的起始时间与第一个订单无关：窗口按纪元（epoch）对齐，start = ts - (ts % 5000)，因此窗口是 [...480000, ...485000)、[...485000, ...490000)、...。这里订单从 ...480000 开始，正好是第一个窗口的起始时间，因此该窗口包含 5 个订单，并在 ...486000 把水位线抬到 ...484999 时输出 50。</translation>
    </message>
    <message>
        <source>Reference post 003: JSON orders whose &apos;orderTime&apos; is an epoch-millisecond string arrive from Kafka; the job uses forBoundedOutOfOrderness(1000 ms) and sums &apos;amount&apos; over all orders (windowAll) in 5-second tumbling windows. One order per second, watermarks every 200 ms, the topic never ends. Every order is worth 10. Window starts do not depend on the first order: they are aligned to the epoch, start = ts - (ts % 5000), so windows are [...480000, ...485000), [...485000, ...490000), ... Here the orders start at ...481000, one second after the window&apos;s start, so the first window holds only 4 orders and prints 40: this is the surprise the post describes. From then on every window is full and prints 50.</source>
        <translation>参考文章 003：JSON 订单从 Kafka 到达，其 &apos;orderTime&apos; 是纪元毫秒数的字符串；作业使用 forBoundedOutOfOrderness(1000 ms)，在 5 秒滚动窗口中对所有订单的 &apos;amount&apos; 求和（windowAll）。每秒一个订单，每 200 ms 发出一次水位线，topic 永不结束。每个订单金额为 10。窗口的起始时间与第一个订单无关：窗口按纪元（epoch）对齐，start = ts - (ts % 5000)，因此窗口是 [...480000, ...485000)、[...485000, ...490000)、...。这里订单从 ...481000 开始，比窗口起始时间晚一秒，因此第一个窗口只包含 4 个订单，输出 40：这正是文章所说的意外之处。此后每个窗口都是满的，输出 50。</translation>
    </message>
    <message>
        <source>Clicks per user in event-time session windows with a 3 s gap, summing the clicks, with forBoundedOutOfOrderness(2 s). Every click opens a session [ts, ts + 3 s); sessions that overlap or touch merge. Alice&apos;s clicks at 1000 and 2000 make one session [1000, 5000); her click at 6000 starts a second one because 6000 is past 5000. Then her click at 4000 arrives out of order and bridges the two: both merge into [1000, 9000) with 9 clicks. Bob&apos;s clicks at 5000 and 8000 are exactly 3 s apart: [5000, 8000) and [8000, 11000) touch, and touching sessions merge too. Watermarks come from all users together, so Alice&apos;s click at 13000 closes Bob&apos;s session as well. The input is a file: its end sends Long.MAX_VALUE, which closes the last two sessions.</source>
        <translation>按用户统计点击，使用间隔（gap）为 3 s 的事件时间会话窗口对点击数求和，水位线策略为 forBoundedOutOfOrderness(2 s)。每次点击开启一个会话 [ts, ts + 3 s)；重叠或首尾相接的会话会合并。Alice 在 1000 和 2000 的点击构成一个会话 [1000, 5000)；她在 6000 的点击开启了第二个会话，因为 6000 已超过 5000。随后她在 4000 的点击乱序到达，把两个会话连接起来：二者合并为 [1000, 9000)，共 9 次点击。Bob 在 5000 和 8000 的点击恰好相隔 3 s：[5000, 8000) 和 [8000, 11000) 首尾相接，相接的会话同样会合并。水位线由所有用户的数据共同推进，因此 Alice 在 13000 的点击也关闭了 Bob 的会话。输入是一个文件：文件结束时发送 Long.MAX_VALUE，关闭最后两个会话。</translation>
    </message>
    <message>
        <source>One sensor&apos;s temperatures in sliding event-time windows of 10 s that start every 5 s, reporting the highest temperature (max), with forBoundedOutOfOrderness(1 s). Every reading belongs to two windows, so windows overlap and each one fires on its own when the watermark passes its end. Watch the reading of 30 degrees at 4500 that arrives after 8000: the watermark (6999) has already passed the end of [-5000, 5000), which fired without it, but [0, 10000) is still open and takes it, so that window&apos;s maximum is 30. Flink says nothing about the window that missed it: the reading is neither dropped nor side-output, because one of its windows accepted it. The input is a file (a bounded source) that ends right after the last reading, before that reading&apos;s own watermark is emitted: Flink then sends the end-of-input watermark Long.MAX_VALUE, which fires the three windows still open.</source>
        <translation>一个传感器的温度，使用长 10 s、每 5 s 开始一个的事件时间滑动窗口，报告最高温度（max），水位线策略为 forBoundedOutOfOrderness(1 s)。每条读数属于两个窗口，所以窗口相互重叠，每个窗口在水位线越过其结束时间时各自触发。请观察时间戳 4500、温度 30 度、在 8000 之后才到达的那条读数：水位线（6999）已越过 [-5000, 5000) 的结束时间，该窗口触发时没有包含它；但 [0, 10000) 仍未关闭，接收了它，因此该窗口的最大值是 30。对于错过它的那个窗口，Flink 不会给出任何提示：这条读数既没有被丢弃，也没有进入侧输出，因为它所属的窗口中有一个接收了它。输入是一个文件（有界数据源），在最后一条读数之后立即结束，早于该读数自身的水位线发出：于是 Flink 发送输入结束水位线 Long.MAX_VALUE，触发仍未关闭的三个窗口。</translation>
    </message>
    <message>
        <source>Line 1 goes to watermark generator 0. At parallelism 3 the lines are dealt out in turn, so each generator sees only every third line, and the window operator&apos;s watermark is the minimum of the three.</source>
        <translation>第 1 行进入水位线生成器 0。在并行度 3 下，各行轮流分发，因此每个生成器只能看到每三行中的一行，而窗口算子的水位线是三者的最小值。</translation>
    </message>
    <message>
        <source>At parallelism 1 the first window fired on this line, the 5th. Does it fire now?</source>
        <translation>在并行度 1 下，第一个窗口在这一行（第 5 行）触发。现在它会触发吗？</translation>
    </message>
    <message>
        <source>It fires only now, on the 7th line: the operator watermark is the minimum of the channels, and the slowest generator has just passed the window&apos;s end − 1 ms.</source>
        <translation>它直到现在、第 7 行才触发：算子水位线是各通道水位线的最小值，而最慢的生成器刚刚越过窗口结束时间 − 1 ms。</translation>
    </message>
    <message>
        <source>Line 20 arrives. At parallelism 1 window [10:11:30, 10:11:33) fired with 2 timestamps. How many will it hold here?</source>
        <translation>第 20 行到达。在并行度 1 下，窗口 [10:11:30, 10:11:33) 触发时带有 2 个时间戳。这里它会包含多少个？</translation>
    </message>
    <message>
        <source>Line 21 is late: the watermark has passed its window&apos;s end. Within the 2 s of allowed lateness the window is kept, so it fires again with everything it holds.</source>
        <translation>第 21 行迟到了：水位线已越过它所属窗口的结束时间。在 2 s 的允许延迟之内，窗口仍被保留，因此它带着其中的全部内容再次触发。</translation>
    </message>
    <message>
        <source>Reading 6 (time 7000) lifts the generator to 4999, the end − 1 ms of [0, 5000). Which windows fire when it is emitted, and with which readings?</source>
        <translation>第 6 条读数（time 7000）把生成器抬到 4999，即 [0, 5000) 的结束时间 − 1 ms。这个水位线发出时，哪些窗口会触发，各带哪些读数？</translation>
    </message>
    <message>
        <source>Reading 7 (time 2000) is late: the watermark 4999 has passed its window. With 1 s of allowed lateness the window is still kept, so it fires again at once with all its readings.</source>
        <translation>第 7 条读数（time 2000）迟到了：水位线 4999 已越过它所属的窗口。由于有 1 s 的允许延迟，窗口仍被保留，因此它立即带着全部读数再次触发。</translation>
    </message>
    <message>
        <source>Reading 10 is dropped: at step 49 the watermark reached 5999 = 4999 + 1 s, the window&apos;s cleanup time, and the window was removed.</source>
        <translation>第 10 条读数被丢弃：在第 49 步，水位线到达 5999 = 4999 + 1 s，即窗口的清理时间，窗口已被清除。</translation>
    </message>
    <message>
        <source>The same 23 Kafka lines of post 000, once with parallelism 1 and once with parallelism 3 (three watermark generators fed in turn, three window subtasks), both without allowed lateness. At parallelism 3 the window operator&apos;s watermark is the minimum over three generators that each see only every third line, so every window fires later: [...881000, ...884000) on the 7th line instead of the 5th, [...884000, ...887000) on the 12th instead of the 7th, and [...890000, ...893000) on the 20th instead of the 10th, by then with 9 timestamps instead of 2. The lines that parallelism 1 drops as late (the 11th, 13th to 15th and 17th to 19th) are still on time at parallelism 3; only the last three lines are dropped by both.</source>
        <translation>文章 000 的同样 23 行 Kafka 数据，一次以并行度 1 运行，一次以并行度 3 运行（三个水位线生成器轮流接收各行，三个窗口子任务），两者都没有允许延迟。在并行度 3 下，窗口算子的水位线是三个生成器中的最小值，而每个生成器只能看到每三行中的一行，因此每个窗口都触发得更晚：[...881000, ...884000) 在第 7 行而不是第 5 行触发，[...884000, ...887000) 在第 12 行而不是第 7 行触发，[...890000, ...893000) 在第 20 行而不是第 10 行触发，届时它包含 9 个时间戳而不是 2 个。在并行度 1 下因迟到而被丢弃的行（第 11 行、第 13 至 15 行和第 17 至 19 行）在并行度 3 下仍然准时；只有最后三行在两者中都被丢弃。</translation>
    </message>
    <message>
        <source>The temperature readings of post 002 with the job&apos;s allowed lateness set to 0 and to 2 s. Both fire window [0, 5000) for id 1 and id 2 on the 6th reading. Without allowed lateness the window is cleared as it fires, so the four late readings for it (the 7th, 8th, 10th and 11th) are dropped. With 2 s the window is kept until the watermark passes 4999 + 2000 = 6999, which it never does here (it stops at 5999), so each of the four late readings re-fires the window at once with all of its readings.</source>
        <translation>文章 002 的温度读数，作业的允许延迟分别设为 0 和 2 s。两者都在第 6 条读数时为 id 1 和 id 2 触发窗口 [0, 5000)。没有允许延迟时，窗口在触发的同时就被清除，因此属于它的四条迟到读数（第 7、8、10 和 11 条）被丢弃。允许延迟为 2 s 时，窗口会一直保留到水位线越过 4999 + 2000 = 6999，而这里水位线始终到不了那里（它停在 5999），因此这四条迟到读数中的每一条都会让窗口立即带着它的全部读数再次触发。</translation>
    </message>
    <message>
        <source>Clicks are read from the Kafka topic &apos;clicks&apos;, 4 partitions, by a KafkaSource of parallelism 2 with the watermark strategy given to fromSource (forBoundedOutOfOrderness(2 s), every 200 ms): each source reader runs one generator per partition and forwards the minimum over its partitions. The enumerator gives partitions 1 and 3 to reader 0, and 0 and 2 to reader 1. Partition 3 stays silent until its one click, the 16th, at 15 s: until then its generator is at Long.MIN_VALUE and holds reader 0 there, and the window operator (10-second tumbling windows counting each user&apos;s clicks) takes the minimum of the two readers, so nothing fires however far the other partitions get. The click (ts 12500) lifts partition 3 to 10499 only: [0, 10000) fires at 15 s, and the later windows never do, for partition 3 says nothing more.</source>
        <translation>从 Kafka 主题 &apos;clicks&apos;（4 个分区）读取点击，KafkaSource 并行度为 2，水位线策略交给 fromSource（forBoundedOutOfOrderness(2 s)，每 200 ms）：每个源读取器为它的每个分区运行一个生成器，并转发这些分区中的最小值。枚举器把分区 1 和 3 分给读取器 0，把 0 和 2 分给读取器 1。分区 3 一直沉默，直到 15 s 时它唯一的一次点击（第 16 条）：在此之前它的生成器停在 Long.MIN_VALUE，把读取器 0 拖在那里；窗口算子（10 秒滚动窗口，统计每个用户的点击数）取两个读取器的最小值，所以无论其他分区走多远都没有窗口触发。这次点击（ts 12500）只把分区 3 提升到 10499：[0, 10000) 在 15 s 触发，之后的窗口永远不会触发，因为分区 3 再也没有消息。</translation>
    </message>
    <message>
        <source>The same topic and job, with .withIdleness(5 s) on the strategy. Each partition&apos;s generator checks for activity on every periodic emit: partition 3&apos;s declares its split idle at 5.4 s, and reader 0 follows partition 1 alone from then on. [0, 10000) fires at 10 s, after the 11th click, when reader 0 moves to 12499 and reader 1, the minimum of partitions 0 and 2, is at 10499. Partition 3&apos;s one click at 15 s makes it active again, at 10499, which can no longer pull reader 0 back from 20499; the click is in time for [10000, 20000), which fires at 17.4 s, when partition 0 has been quiet for 5 s and reader 1 follows partition 2 to 21999.</source>
        <translation>同样的主题和作业，策略加上 .withIdleness(5 s)。每个分区的生成器在每次周期发射时检查活动：分区 3 的生成器在 5.4 s 宣布它的分片空闲，此后读取器 0 只跟随分区 1。[0, 10000) 在 10 s、第 11 次点击之后触发，此时读取器 0 升到 12499，而读取器 1（分区 0 和 2 的最小值）在 10499。分区 3 在 15 s 的唯一一次点击让它重新活跃，水位线为 10499，但已无法把读取器 0 从 20499 拉回；这次点击赶上了 [10000, 20000)，该窗口在 17.4 s 触发，此时分区 0 已安静 5 s，读取器 1 跟随分区 2 到 21999。</translation>
    </message>
    <message>
        <source>Orders and payments, each allowed 2 s out of order, are joined on the order id when the payment comes within 5 s after the order, and the pairs are counted per 10 s of event time twice: right after the join, and after watermarks assigned anew on the pairs (paid.assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()), chained by forward). A pair carries the larger of its two timestamps, so pairs come out of order as their records did. The join&apos;s own watermark is the smaller of its inputs&apos;, 2 s behind each: the window after it waits and counts the pair at 9.5 s that comes after the one at 10.5 s. The new assigner knows only the pairs it has seen: after 10.5 s it says 10499, [0, 10 s) fires with two pairs, and the pair at 9.5 s is dropped as late.</source>
        <translation>订单和支付各自允许 2 s 的乱序，当支付在订单之后 5 s 内到达时按订单号连接，配对结果按每 10 s 事件时间计数两次：一次紧接在连接之后，一次在对配对重新分配水位线之后（paid.assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps())，以 forward 相连）。配对带有两个时间戳中较大的那个，所以配对会像它们的记录一样乱序输出。连接自身的水位线是两个输入中较小的那个，各落后 2 s：它后面的窗口会等待，并把在 10.5 s 那个配对之后到来的 9.5 s 配对计入。新的分配器只知道它见过的配对：10.5 s 之后它给出 10499，[0, 10 s) 以两个配对触发，而 9.5 s 的配对作为迟到数据被丢弃。</translation>
    </message>
    <message>
        <source>Orders and payments are joined on the order id when the payment comes within 5 s after the order (orders.keyBy(id).intervalJoin(payments.keyBy(id)).between(0 s, 5 s)), and the paid orders are counted per 10 s of event time (windowAll, tumbling 10 s). The join pairs each payment as it arrives, but its event time is the smaller of its two inputs&apos; watermarks. Payments stop after the third one, so the payments watermark stays at 8499 and the window [0, 10 s) never fires, although orders&apos; watermark passes 10 s. The example beside this one adds withIdleness(2 s) to the payments source.</source>
        <translation>当支付在订单之后 5 s 内到达时，订单和支付按订单号连接（orders.keyBy(id).intervalJoin(payments.keyBy(id)).between(0 s, 5 s)），已支付的订单按每 10 s 事件时间计数（windowAll，10 s 滚动窗口）。连接在每笔支付到达时就完成配对，但它的事件时间是两个输入水位线中较小的那个。支付在第三笔之后停止，所以支付的水位线停在 8499，窗口 [0, 10 s) 永远不会触发，尽管订单的水位线已越过 10 s。旁边的示例给支付源加上了 withIdleness(2 s)。</translation>
    </message>
    <message>
        <source>The join of the example beside this one, with withIdleness(2 s) on the payments source. Two seconds of processing time after the last payment, the payments generator marks its output idle; the join then leaves that input out of its event time, which follows the orders alone, and the window [0, 10 s) fires with the three paid orders once orders&apos; watermark has passed 10 s. Idleness only takes an input out while it is silent: a payment arriving later would make it active again.</source>
        <translation>与旁边示例相同的连接，但支付源带有 withIdleness(2 s)。在最后一笔支付之后两秒处理时间，支付的水位线生成器把它的输出标记为空闲；此后连接在计算事件时间时不再考虑这个输入，事件时间只跟随订单，一旦订单的水位线越过 10 s，窗口 [0, 10 s) 就以三笔已支付订单触发。空闲只在输入沉默期间把它排除在外：之后再到达的支付会让它重新变为活跃。</translation>
    </message>
    <message>
        <source>Orders and payments are joined on the order id in 5 s tumbling windows of event time (orders.join(payments).where(id).equalTo(id).window(TumblingEventTimeWindows.of(5 s))), and co-grouped in the same windows (orders.coGroup(payments)), which counts each side&apos;s records per window and key. Flink builds both as one window operator over the union of the two streams, each record tagged with its side, so the operator&apos;s watermark is the smallest of every channel of both. Order o3 at 4.000 s and its payment at 5.200 s fall into different windows: the join never pairs them (an interval join between(0, 5 s) would), and the coGroup shows why, (o3,1,0) then (o3,0,1). Order o6 arrives last with a timestamp of 3.000 s, after both windows&apos; watermark has passed 10 s: a window join has no late side output, so it is dropped and counted.</source>
        <translation>订单和支付在 5 s 的事件时间滚动窗口中按订单号连接（orders.join(payments).where(id).equalTo(id).window(TumblingEventTimeWindows.of(5 s))），并在同样的窗口中做 coGroup（orders.coGroup(payments)），按窗口和键统计两侧各自的记录数。Flink 把二者都构建为一个作用于两条流 union 之上的窗口算子，每条记录标记来自哪一侧，因此算子的水位线是两条流所有通道中最小的那个。4.000 s 的订单 o3 和它 5.200 s 的支付落在不同窗口：窗口连接永远不会把它们配对（between(0, 5 s) 的区间连接会），而 coGroup 显示了原因：先是 (o3,1,0)，然后是 (o3,0,1)。订单 o6 最后到达，时间戳为 3.000 s，此时两个窗口算子的水位线都已越过 10 s：窗口连接没有迟到侧输出，所以它被丢弃并计数。</translation>
    </message>
    <message>
        <source>Orders and payments connected by order id (orders.keyBy(id).connect(payments.keyBy(id)).process(...)): each order not yet paid arms an event-time timer 5 s after it, a payment of the order deletes it, and a timer that fires reports the order as unpaid. A timer fires when the operator&apos;s watermark reaches it, and that watermark is the smaller of the two inputs&apos;: the payment of o4 comes 5.5 s after the order in event time, yet before the watermark has reached the order&apos;s deadline, so o4 counts as paid. o2 is reported once both streams&apos; watermarks have passed 7 s.</source>
        <translation>订单和支付按订单号 connect（orders.keyBy(id).connect(payments.keyBy(id)).process(...)）：每个尚未支付的订单在其之后 5 s 设置一个事件时间定时器，该订单的支付会删除它，触发的定时器把订单报告为未支付。定时器在算子的水位线到达它时触发，而该水位线是两个输入中较小的那个：o4 的支付在事件时间上比订单晚 5.5 s，却在水位线到达订单截止时间之前到达，所以 o4 算作已支付。o2 在两条流的水位线都越过 7 s 后被报告。</translation>
    </message>
    <message>
        <source>The job of the example beside this one, with noWatermarks().withIdleness(1 s) on the rules stream. One second of processing time after its one rule, the rules input is marked idle, and the operator&apos;s event time follows the readings alone: sensor s2, silent since 1.5 s, is reported when the readings&apos; watermark reaches 4.5 s (its reading plus the 3 s the rule set), and s1 once its readings stop for 3 s. A rule that arrived later would make the input active again, and hold the operator at its watermark, which it has none of.</source>
        <translation>与旁边示例相同的作业，但规则流带有 noWatermarks().withIdleness(1 s)。在它唯一的规则之后一秒处理时间，规则输入被标记为空闲，算子的事件时间只跟随传感器读数：自 1.5 s 起沉默的传感器 s2 在读数的水位线到达 4.5 s（它的读数加上规则设定的 3 s）时被报告，s1 则在它的读数停止 3 s 后被报告。之后再到达的规则会让该输入重新变为活跃，并把算子拖在它的水位线上——而它根本没有水位线。</translation>
    </message>
    <message>
        <source>Sensor readings are keyed by sensor and connected to a broadcast rules stream (readings.keyBy(id).connect(rules.broadcast(descriptor)).process(...)): each reading arms an event-time timer at its timestamp plus the timeout in force, and a timer that fires reports the sensor as silent. The rules stream sets the timeout to 3 s, but it carries no watermarks (WatermarkStrategy.noWatermarks()). The operator&apos;s event time is the smaller of its two inputs&apos; watermarks, and an input that has sent none holds it at Long.MIN_VALUE: no timer ever fires, though the readings&apos; watermark passes every deadline. The example beside this one gives the rules stream withIdleness.</source>
        <translation>传感器读数按传感器分键，并与一条广播规则流 connect（readings.keyBy(id).connect(rules.broadcast(descriptor)).process(...)）：每条读数在其时间戳加上当前超时处设置一个事件时间定时器，触发的定时器把传感器报告为沉默。规则流把超时设为 3 s，但它不带水位线（WatermarkStrategy.noWatermarks()）。算子的事件时间是两个输入水位线中较小的那个，一个从未发出水位线的输入会把它拖在 Long.MIN_VALUE：没有任何定时器会触发，尽管读数的水位线越过了每一个截止时间。旁边的示例给规则流加上了 withIdleness。</translation>
    </message>
    <message>
        <source>Two sensors report once a second; s2 falls silent after its second reading, and then the whole feed stops after s1&apos;s reading at 6 s. Each sensor&apos;s silence is watched twice: by an event-time timeout (a KeyedProcessFunction with registerEventTimeTimer(ts + 2.5 s)) and by a processing-time one (registerProcessingTimeTimer(now + 2.5 s)). The event-time timer of s2 fires once s1&apos;s readings carry the watermark past 4.5 s; s1&apos;s own never fires, because nothing comes after it to move the watermark. The processing-time timers fire 2.5 s of wall clock after each sensor&apos;s last reading arrives, whatever the watermark, and what they emit carries no timestamp.</source>
        <translation>两个传感器每秒报告一次；s2 在第二条读数后沉默，随后在 s1 于 6 s 的读数之后整条数据流停止。每个传感器的沉默被监视两次：一次用事件时间超时（带 registerEventTimeTimer(ts + 2.5 s) 的 KeyedProcessFunction），一次用处理时间超时（registerProcessingTimeTimer(now + 2.5 s)）。一旦 s1 的读数把水位线推过 4.5 s，s2 的事件时间定时器就会触发；s1 自己的定时器永远不会触发，因为它之后再没有数据来推动水位线。处理时间定时器在每个传感器最后一条读数到达后 2.5 s 的挂钟时间触发，与水位线无关，它们发出的数据不带时间戳。</translation>
    </message>
    <message>
        <source>Clicks and views in one union, summed per user twice: per 10 seconds of event time, and once for the whole input in the global window with its end-of-stream trigger. Views falls silent after 0.5 s and goes idle at 2 s, so clicks alone moves the union&apos;s watermark: the first 10 seconds fire at 3 s, and when clicks ends at 4 s the watermark jumps to Long.MAX_VALUE and the rest fire. Views&apos; straggler at 9.5 s comes too late for them and is dropped. The end-of-stream window counts it all the same: Flink runs it in batch mode, its input sorted by timestamp, and no watermark reaches it before both sources have ended.</source>
        <translation>点击和浏览合并为一个 union，按用户求和两次：每 10 秒事件时间一次，以及在带流结束触发器的全局窗口中对整个输入求和一次。浏览在 0.5 s 后沉默，并在 2 s 时变为空闲，因此只有点击推动 union 的水位线：前 10 秒在 3 s 时触发，点击在 4 s 结束时水位线跳到 Long.MAX_VALUE，其余窗口随之触发。浏览在 9.5 s 的迟到记录对它们来说来得太晚，被丢弃。流结束窗口照样把它计入：Flink 以批模式运行它，输入按时间戳排序，在两个源都结束之前没有水位线到达它。</translation>
    </message>
    <message>
        <source>Clicks and views come from two Kafka topics, read by KafkaSources with per-partition watermarks (forBoundedOutOfOrderness(0), every 200 ms), and are counted per user per 10 seconds of event time after a union. The enumerator gives clicks&apos; partitions 0 and 1 to readers 1 and 0; views&apos; two partitions both go to its one reader. Views&apos; partition 1 sends nothing until 6 s: its split&apos;s generator stays at Long.MIN_VALUE, so views&apos; reader, the union and the window stay there too, however far clicks and views&apos; partition 0 get. Its first record (bob, 11000) lets the reader follow partition 0, and once views&apos; partition 0 passes 10 s (ann, 13000 at 7 s) the union reaches 10999 ms and [0, 10000) fires: ann 5, bob 2. The topics stay open: [10000, 20000) never fires.</source>
        <translation>点击和浏览来自两个 Kafka 主题，由带分区级水位线的 KafkaSource 读取（forBoundedOutOfOrderness(0)，每 200 ms），union 之后按用户每 10 秒事件时间计数。枚举器把点击的分区 0 和 1 分给读取器 1 和 0；浏览的两个分区都分给它唯一的读取器。浏览的分区 1 直到 6 s 都没有发送任何数据：它的 split 的水位线生成器停在 Long.MIN_VALUE，所以浏览的读取器、union 和窗口也都停在那里，无论点击和浏览的分区 0 走了多远。它的第一条记录（bob, 11000）让读取器跟随分区 0，一旦浏览的分区 0 越过 10 s（7 s 时的 ann, 13000），union 到达 10999 ms，[0, 10000) 触发：ann 5，bob 2。主题保持打开：[10000, 20000) 永远不会触发。</translation>
    </message>
    <message>
        <source>Page views counted per page in 10-second windows, then the busiest 10 seconds of each minute (the maximum of those counts) in one-minute windows over the first window&apos;s results. A window&apos;s result carries the window&apos;s last millisecond as its timestamp (window.maxTimestamp(), end - 1), so the counts of [50 s, 60 s) land in the minute [0, 60 s) at 59999, and the second window fires only once the first has forwarded a watermark of 59999 or more, after its own windows up to that time have fired.</source>
        <translation>页面浏览按页面在 10 秒窗口中计数，然后在作用于第一个窗口结果之上的一分钟窗口中，求出每分钟最繁忙的 10 秒（这些计数的最大值）。窗口的结果以窗口的最后一毫秒作为时间戳（window.maxTimestamp()，end - 1），所以 [50 s, 60 s) 的计数以 59999 落入分钟 [0, 60 s)，而第二个窗口只有在第一个窗口转发出 59999 或更大的水位线之后才会触发，那时第一个窗口在此之前的窗口都已触发。</translation>
    </message>
    <message>
        <source>The pair of o4 (10.5 s) has just left the join. The join&apos;s own watermark is 999; the new assigner, which has seen pairs up to 10.5 s, stands at 3499. Which count per 10 s fires [0, 10 s) first, and with how many pairs?</source>
        <translation>o4 的配对（10.5 s）刚离开连接。连接自身的水位线是 999；新的分配器已见过直到 10.5 s 的配对，停在 3499。哪一个每 10 s 计数先触发 [0, 10 s)，包含几个配对？</translation>
    </message>
    <message>
        <source>The pair of o5 (9.5 s) leaves the join after the one at 10.5 s. The count after the join takes it: its watermark is only 7999. The count after the new assigner drops it as late: that assigner said 10499 as soon as it saw the pair at 10.5 s.</source>
        <translation>o5 的配对（9.5 s）在 10.5 s 那个配对之后离开连接。连接之后的计数接收了它：它的水位线只有 7999。新分配器之后的计数把它作为迟到数据丢弃：那个分配器一看到 10.5 s 的配对就给出了 10499。</translation>
    </message>
    <message>
        <source>Payments sends its third and last record here; orders goes on past 10 s. Will the count per 10 s ever fire [0, 10 s)?</source>
        <translation>支付在这里发出第三条也是最后一条记录；订单继续越过 10 s。每 10 s 的计数最终会触发 [0, 10 s) 吗？</translation>
    </message>
    <message>
        <source>The same join as the example beside this one, but payments has withIdleness(2 s). Payments sends its last record here. When does [0, 10 s) fire, and with how many paid orders?</source>
        <translation>与旁边示例相同的连接，但支付带有 withIdleness(2 s)。支付在这里发出最后一条记录。[0, 10 s) 什么时候触发，包含多少笔已支付订单？</translation>
    </message>
    <message>
        <source>Both streams&apos; watermarks are about to pass 4999, the end of [0, 5 s). Which pairs does the window join print for [0, 5 s), and what does the coGroup print for o3, whose payment came at 5.2 s?</source>
        <translation>两条流的水位线即将越过 4999，即 [0, 5 s) 的结束。窗口连接为 [0, 5 s) 输出哪些配对？对于支付在 5.2 s 到达的 o3，coGroup 输出什么？</translation>
    </message>
    <message>
        <source>The event time of the operator is about to pass 7 s, the deadline of o2. Which orders will be reported unpaid: o2, o4 (paid 5.5 s after its order), or both?</source>
        <translation>算子的事件时间即将越过 7 s，即 o2 的截止时间。哪些订单会被报告为未支付：o2、o4（在订单之后 5.5 s 才支付），还是两者都会？</translation>
    </message>
    <message>
        <source>The rules input went idle one second after its only rule, so the readings alone move the operator&apos;s event time. Which sensor is reported silent first, and at which timestamp?</source>
        <translation>规则输入在它唯一的规则之后一秒变为空闲，因此只有读数推动算子的事件时间。哪个传感器最先被报告为沉默，时间戳是多少？</translation>
    </message>
    <message>
        <source>The only rule arrives: a timeout of 3 s. The rules stream makes no watermarks. The readings&apos; watermark will pass every sensor&apos;s deadline. Will any sensor be reported silent?</source>
        <translation>唯一的规则到达：超时 3 s。规则流不产生水位线。读数的水位线会越过每个传感器的截止时间。会有传感器被报告为沉默吗？</translation>
    </message>
    <message>
        <source>s2 has been silent since its reading at 2 s. Which of its two timers reports it first: the event-time one (ts + 2.5 s) or the processing-time one (now + 2.5 s)?</source>
        <translation>s2 自 2 s 的读数以来一直沉默。它的两个定时器中哪一个先报告它：事件时间的（ts + 2.5 s）还是处理时间的（now + 2.5 s）？</translation>
    </message>
    <message>
        <source>Clicks has ended and the watermark has jumped to Long.MAX_VALUE. Views&apos; straggler (bob, 3 s) comes next, then views ends. What will the totals print for bob?</source>
        <translation>点击已经结束，水位线已跳到 Long.MAX_VALUE。接下来到达的是浏览的迟到记录（bob, 3 s），然后浏览结束。总计会为 bob 输出什么？</translation>
    </message>
    <message>
        <source>Views&apos; partition 0 has just read ann at 13 s, and views&apos; reader emits next. When [0, 10 s) fires, what does it print for ann and for bob?</source>
        <translation>浏览的分区 0 刚读到 13 s 的 ann，浏览的读取器接下来发出水位线。[0, 10 s) 触发时，它为 ann 和 bob 各输出什么？</translation>
    </message>
    <message>
        <source>A view at 61 s has arrived; the watermark is about to reach 59999, the last millisecond of the first minute. What does the busiest 10 seconds per minute print for [0, 60 s)?</source>
        <translation>61 s 的一次浏览已经到达；水位线即将到达 59999，即第一分钟的最后一毫秒。“每分钟最繁忙的 10 秒”会为 [0, 60 s) 输出什么？</translation>
    </message>
    <message>
        <source>Orders are joined with their payments within 5 s and the paid orders counted per 10 s. Payments fall silent after their third record, at processing time 2 s. Without idleness the join&apos;s event time stays at the payments watermark, 8499, and the count for [0, 10 s) never fires. With withIdleness(2 s) on payments, its generator goes idle at processing time 4.4 s (more than 2 s after the last check that saw a record), the join follows orders alone, already at 11999, and the count fires with the three pairs. The pairs themselves come out the same in both: a join pairs records as they arrive, whatever its watermark.</source>
        <translation>订单在 5 秒内与付款连接，已付款的订单每 10 秒计数一次。付款在第三条记录之后（处理时间 2 秒）沉默。没有空闲设置时，连接的事件时间停在付款的水位线 8499，[0, 10 秒) 的计数永远不会触发。为付款设置 withIdleness(2 秒) 后，其生成器在处理时间 4.4 秒变为空闲（距上次看到记录的检查已超过 2 秒），连接只跟随订单，已在 11999，计数带着三对结果触发。两次运行中的配对本身相同：连接在记录到达时配对，与其水位线无关。</translation>
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
    <message>
        <source>Post 000: parallelism 1 vs 3</source>
        <translation>文章 000：并行度 1 对比 3</translation>
    </message>
    <message>
        <source>Post 002: allowed lateness 0 vs 2 s</source>
        <translation>文章 002：允许延迟 0 对比 2 s</translation>
    </message>
    <message>
        <source>A silent Kafka partition holds its reader back</source>
        <translation>一个沉默的 Kafka 分区拖住了它的读取器</translation>
    </message>
    <message>
        <source>withIdleness lets a reader skip its silent partition</source>
        <translation>withIdleness 让读取器跳过沉默的分区</translation>
    </message>
    <message>
        <source>New watermarks after a join drop a pair as late</source>
        <translation>连接之后重新分配的水位线把一个配对当作迟到丢弃</translation>
    </message>
    <message>
        <source>A join held back by a silent source</source>
        <translation>被沉默的源拖住的连接</translation>
    </message>
    <message>
        <source>A silent source released by withIdleness</source>
        <translation>用 withIdleness 放行沉默的源</translation>
    </message>
    <message>
        <source>A window join misses a pair across a window&apos;s end</source>
        <translation>窗口连接错过了跨越窗口结束的配对</translation>
    </message>
    <message>
        <source>No payment within 5 seconds</source>
        <translation>5 秒内没有支付</translation>
    </message>
    <message>
        <source>A rules stream released by withIdleness</source>
        <translation>用 withIdleness 放行规则流</translation>
    </message>
    <message>
        <source>A broadcast rules stream without watermarks</source>
        <translation>没有水位线的广播规则流</translation>
    </message>
    <message>
        <source>A silent sensor on two clocks</source>
        <translation>两种时钟下的沉默传感器</translation>
    </message>
    <message>
        <source>Totals at the end of input</source>
        <translation>输入结束时的总计</translation>
    </message>
    <message>
        <source>A silent partition of one topic holds the union of two</source>
        <translation>一个主题的沉默分区拖住了两个主题的 union</translation>
    </message>
    <message>
        <source>A window over a window</source>
        <translation>窗口之上的窗口</translation>
    </message>
    <message>
        <source>Orders joined with payments: a silent payments source without and with withIdleness(2 s)</source>
        <translation>订单与付款连接：沉默的付款源，不用与使用 withIdleness(2 秒)</translation>
    </message>
</context>
<context>
    <name>tidemark::app::FlinkJobDialog</name>
    <message>
        <source>Export as a Flink Job</source>
        <translation>导出为 Flink 作业</translation>
    </message>
    <message>
        <source>Flink %1 (%2)</source>
        <translation>Flink %1（%2）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Project folder:</source>
        <translation>项目文件夹：</translation>
    </message>
    <message>
        <source>Build against:</source>
        <translation>构建所用版本：</translation>
    </message>
    <message>
        <source>The Flink job&apos;s project folder</source>
        <translation>Flink 作业的项目文件夹</translation>
    </message>
    <message>
        <source>&lt;b&gt;This scenario cannot be written as a Flink job:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;这个场景无法写成 Flink 作业：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>&lt;p&gt;Build and run it on a local MiniCluster:&lt;br&gt;&lt;tt&gt;cd %1 &amp;amp;&amp;amp; mvn package &amp;amp;&amp;amp; java -jar %2&lt;/tt&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;在本地 MiniCluster 上构建并运行：&lt;br&gt;&lt;tt&gt;cd %1 &amp;amp;&amp;amp; mvn package &amp;amp;&amp;amp; java -jar %2&lt;/tt&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;It prints the same lines as the Output dock, in the same order.&lt;/p&gt;</source>
        <translation>&lt;p&gt;它打印的行与“输出”面板相同，顺序也相同。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;What the job does not reproduce:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;作业无法重现的部分：&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <source>Replace the project&apos;s files?</source>
        <translation>替换项目的文件吗？</translation>
    </message>
    <message>
        <source>%1 holds %2 of this project&apos;s files already (%3). Replace them? Other files in the folder stay.</source>
        <translation>%1 中已有这个项目的 %2 个文件（%3）。要替换它们吗？文件夹中的其他文件保持不变。</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <source>Wrote the Flink %1 job %2 to %3.

Build and run it on a local MiniCluster:
cd %3 &amp;&amp; mvn package &amp;&amp; java -jar %4</source>
        <translation>已把 Flink %1 作业 %2 写入 %3。

在本地 MiniCluster 上构建并运行：
cd %3 &amp;&amp; mvn package &amp;&amp; java -jar %4</translation>
    </message>
    <message>
        <source>DataStream API</source>
        <translation>DataStream API</translation>
    </message>
    <message>
        <source>Flink SQL (window TVF query)</source>
        <translation>Flink SQL（窗口 TVF 查询）</translation>
    </message>
    <message>
        <source>Program:</source>
        <translation>程序：</translation>
    </message>
    <message>
        <source>Replay the records at their arrival times</source>
        <translation>按记录的到达时间重放</translation>
    </message>
    <message>
        <source>Read lines from a socket (socketTextStream)</source>
        <translation>从套接字读取行（socketTextStream）</translation>
    </message>
    <message>
        <source>Where the job connects: a server such as nc -lk 9999, or tidemark run --listen PORT --forward HOST:PORT, which passes Tidemark&apos;s lines on to the job</source>
        <translation>作业要连接的地址：例如 nc -lk 9999 这样的服务器，或 tidemark run --listen PORT --forward HOST:PORT，它会把 Tidemark 读到的行转给作业</translation>
    </message>
    <message>
        <source>Input:</source>
        <translation>输入：</translation>
    </message>
    <message>
        <source>&lt;b&gt;The socket to read:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;要读取的套接字：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>&lt;p&gt;It connects to %1, so start a server there first: &lt;tt&gt;nc -lk %2&lt;/tt&gt; and type lines, or &lt;tt&gt;tidemark run … --listen PORT --forward %1&lt;/tt&gt;, which passes the lines Tidemark reads on to the job.&lt;/p&gt;</source>
        <translation>&lt;p&gt;它会连接 %1，所以请先在那里启动一个服务器：&lt;tt&gt;nc -lk %2&lt;/tt&gt; 然后输入行，或者 &lt;tt&gt;tidemark run … --listen PORT --forward %1&lt;/tt&gt;，它会把 Tidemark 读到的行转给作业。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>

It reads Kafka topic %1 at localhost:9092 (--bootstrap HOST:PORT for another broker); java -jar %2 --produce writes the scenario&apos;s records into it. The README says how to run it on a cluster.</source>
        <translation>

它读取 localhost:9092 上的 Kafka 主题 %1（其他 broker 用 --bootstrap HOST:PORT）；java -jar %2 --produce 会把场景的记录写入该主题。如何在集群上运行，请看 README。</translation>
    </message>
    <message>
        <source>Read Kafka topic %1 (KafkaSource)</source>
        <translation>读取 Kafka 主题 %1（KafkaSource）</translation>
    </message>
    <message>
        <source>Writes the scenario as a Maven project whose program, in the DataStream API or in Flink SQL, is its pipeline. The job replays the records at their arrival times, reads lines from a socket as this document reads them, or reads the Kafka topic the scenario reads, and prints what the Output dock shows, so that a real Flink can confirm the picture.</source>
        <translation>把场景写成一个 Maven 项目，其中的程序（DataStream API 或 Flink SQL）就是场景的流水线。作业按记录的到达时间重放它们，或像本文档一样从套接字读取行，或读取场景所读的 Kafka 主题，并打印“输出”面板显示的内容，让真正的 Flink 来确认这幅图。</translation>
    </message>
    <message>
        <source>&lt;p&gt;It reads Kafka topic %1 at localhost:9092 (&lt;tt&gt;--bootstrap HOST:PORT&lt;/tt&gt; for another broker): &lt;tt&gt;java -jar %2 --produce&lt;/tt&gt; writes the scenario&apos;s records into it first.&lt;/p&gt;</source>
        <translation>&lt;p&gt;它读取 localhost:9092 上的 Kafka 主题 %1（其他 broker 用 &lt;tt&gt;--bootstrap HOST:PORT&lt;/tt&gt;）：先用 &lt;tt&gt;java -jar %2 --produce&lt;/tt&gt; 把场景的记录写入其中。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>tidemark::app::FlinkRest</name>
    <message>
        <source>the answer is not JSON (%1): %2</source>
        <translation>应答不是 JSON（%1）：%2</translation>
    </message>
    <message>
        <source>the jobs overview has no &quot;jobs&quot; list: %1</source>
        <translation>作业概览中没有 &quot;jobs&quot; 列表：%1</translation>
    </message>
    <message>
        <source>a job in the overview has no &quot;jid&quot;</source>
        <translation>概览中有一个作业没有 &quot;jid&quot;</translation>
    </message>
    <message>
        <source>the job&apos;s answer has no &quot;vertices&quot; list: %1</source>
        <translation>作业的应答中没有 &quot;vertices&quot; 列表：%1</translation>
    </message>
    <message>
        <source>a vertex of the job has no id or parallelism</source>
        <translation>作业的某个顶点没有 id 或并行度</translation>
    </message>
    <message>
        <source>the metrics answer is not a list: %1</source>
        <translation>指标应答不是列表：%1</translation>
    </message>
    <message>
        <source>a metric has no id or no integer value: %1</source>
        <translation>某个指标没有 id 或没有整数值：%1</translation>
    </message>
    <message>
        <source>(empty body)</source>
        <translation>（空的应答体）</translation>
    </message>
    <message>
        <source> (caused by %1)</source>
        <translation>（原因：%1）</translation>
    </message>
    <message>
        <source>the upload&apos;s answer names no uploaded jar: %1</source>
        <translation>上传的应答中没有已上传的 jar：%1</translation>
    </message>
    <message>
        <source>the run&apos;s answer names no job: %1</source>
        <translation>运行的应答中没有作业：%1</translation>
    </message>
</context>
<context>
    <name>tidemark::app::FlinkRestClient</name>
    <message>
        <source>&quot;%1&quot; is not the address of a Flink REST API: write it as http://HOST:PORT (the JobManager&apos;s rest.port, 8081 by default).</source>
        <translation>“%1” 不是 Flink REST API 的地址：请写成 http://HOST:PORT（JobManager 的 rest.port，默认 8081）。</translation>
    </message>
    <message>
        <source>Cannot connect to %1: connection refused. Is the Flink cluster running, and is this its REST port (rest.port, 8081 by default)?</source>
        <translation>无法连接到 %1：连接被拒绝。Flink 集群在运行吗？这是它的 REST 端口（rest.port，默认 8081）吗？</translation>
    </message>
    <message>
        <source>Cannot connect to %1: host not found.</source>
        <translation>无法连接到 %1：找不到主机。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>HTTP %1 %2 from %3: %4</source>
        <translation>%3 返回 HTTP %1 %2：%4</translation>
    </message>
    <message>
        <source>No answer from %1 to %2 within %3 s.</source>
        <translation>%1 在 %3 秒内没有应答 %2。</translation>
    </message>
    <message>
        <source>%1 at %2 failed: %3</source>
        <translation>%2 上的 %1 失败：%3</translation>
    </message>
</context>
<context>
    <name>tidemark::app::FlinkVerification</name>
    <message>
        <source>Cannot verify with Flink: %1</source>
        <translation>无法用 Flink 核对：%1</translation>
    </message>
    <message>
        <source>Cannot verify with Flink: no Flink %1 oracle is installed (%2).</source>
        <translation>无法用 Flink 核对：没有安装 Flink %1 的对照程序（%2）。</translation>
    </message>
    <message>
        <source>Cannot verify with Flink: %1 cannot be written.</source>
        <translation>无法用 Flink 核对：无法写入 %1。</translation>
    </message>
    <message>
        <source>Running the scenario through Flink %1…</source>
        <translation>正在用 Flink %1 运行场景…</translation>
    </message>
    <message>
        <source>Flink %1</source>
        <translation>Flink %1</translation>
    </message>
    <message>
        <source>Cannot verify with Flink: java could not be started.</source>
        <translation>无法用 Flink 核对：无法启动 java。</translation>
    </message>
    <message>
        <source>Flink refused the scenario: %1</source>
        <translation>Flink 拒绝了这个场景：%1</translation>
    </message>
    <message>
        <source>%1 agrees: neither Tidemark nor Flink outputs anything.</source>
        <translation>%1 一致：Tidemark 和 Flink 都没有任何输出。</translation>
    </message>
    <message>
        <source>%1 agrees with the one output.</source>
        <translation>%1 与唯一的一个输出一致。</translation>
    </message>
    <message>
        <source>%1 agrees with all %2 outputs.</source>
        <translation>%1 与全部 %2 个输出一致。</translation>
    </message>
    <message>
        <source>%1 agrees with %2 of %3 outputs; %4 only in Flink.</source>
        <translation>%1 与 %3 个输出中的 %2 个一致；%4 个只出现在 Flink 中。</translation>
    </message>
</context>
<context>
    <name>tidemark::app::GraphCompareSetupDialog</name>
    <message>
        <source>Compare with One Setting Changed</source>
        <translation>改动一项设置后比较</translation>
    </message>
    <message>
        <source>Run A cannot be played: %1</source>
        <translation>运行 A 无法播放：%1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Run B is a copy of this job graph with one setting of one operator or source changed. Both run over the same events; the compare window shows them side by side with where their outputs differ.</source>
        <translation>运行 B 是这个作业图的副本，其中一个算子或源的一项设置被改动。两者在相同的事件上运行；比较窗口将它们并排显示，并列出输出的不同之处。</translation>
    </message>
    <message>
        <source>&amp;Operator or source:</source>
        <translation>算子或源(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Setting:</source>
        <translation>设置(&amp;S)：</translation>
    </message>
    <message>
        <source>B&apos;s &amp;value:</source>
        <translation>B 的值(&amp;V)：</translation>
    </message>
    <message>
        <source>A has %1</source>
        <translation>A 为 %1</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <source>A: %1 · B: %2</source>
        <translation>A：%1 · B：%2</translation>
    </message>
    <message>
        <source>%1 — no differences: both give the same outputs</source>
        <translation>%1 — 没有不同：两者输出相同</translation>
    </message>
    <message>
        <source>%1 — 1 difference</source>
        <translation>%1 — 1 处不同</translation>
    </message>
    <message>
        <source>%1 — %2 differences</source>
        <translation>%1 — %2 处不同</translation>
    </message>
</context>
<context>
    <name>tidemark::app::GraphEditor</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>The stream %1&apos;s input %2 reads</source>
        <translation>%1 的输入 %2 读取的流</translation>
    </message>
    <message>
        <source>Take this stream out of the union</source>
        <translation>将此流移出 union</translation>
    </message>
    <message>
        <source>Remove input %1 of %2</source>
        <translation>移除 %2 的输入 %1</translation>
    </message>
    <message>
        <source>Add input</source>
        <translation>添加输入</translation>
    </message>
    <message>
        <source>The union reads every stream already</source>
        <translation>union 已读取所有流</translation>
    </message>
    <message>
        <source>Add a stream to the union</source>
        <translation>向 union 添加一个流</translation>
    </message>
    <message>
        <source>input %1 reads %2</source>
        <translation>输入 %1 读取 %2</translation>
    </message>
    <message>
        <source>without %1</source>
        <translation>去掉 %1</translation>
    </message>
    <message>
        <source>with %1</source>
        <translation>加上 %1</translation>
    </message>
</context>
<context>
    <name>tidemark::app::GraphLanes</name>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 · input %2</source>
        <translation>%1 · 输入 %2</translation>
    </message>
    <message>
        <source>%1 · subtask %2</source>
        <translation>%1 · 子任务 %2</translation>
    </message>
    <message>
        <source>: no watermark yet</source>
        <translation>：尚无水位线</translation>
    </message>
    <message>
        <source>: watermark %1</source>
        <translation>：水位线 %1</translation>
    </message>
    <message>
        <source> (idle)</source>
        <translation>（空闲）</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n result(s)</source>
        <translation>
            <numerusform>%n 个结果</numerusform>
        </translation>
    </message>
    <message>
        <source>%1at %2</source>
        <translation>%1于 %2</translation>
    </message>
    <message>
        <source>%1at processing time %2</source>
        <translation>%1于处理时间 %2</translation>
    </message>
    <message>
        <source>; timers: %1</source>
        <translation>；定时器：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n processing-time timer(s), next at %1</source>
        <translation>
            <numerusform>%n 个处理时间定时器，下一个在 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2（%3）</translation>
    </message>
    <message>
        <source>; collecting: %1</source>
        <translation>；收集中：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n so far</source>
        <translation>
            <numerusform>已有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2 so far</source>
        <translation>%1 已有 %2 个</translation>
    </message>
    <message numerus="yes">
        <source>%n keys collecting</source>
        <translation>
            <numerusform>%n 个键在收集</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · key %2</source>
        <translation>%1 · 键 %2</translation>
    </message>
    <message>
        <source>processing time %1</source>
        <translation>处理时间 %1</translation>
    </message>
    <message>
        <source>%1 registered at step %2, waiting</source>
        <translation>%1 于第 %2 步注册，等待中</translation>
    </message>
    <message>
        <source>%1 registered at step %2, fired at step %3</source>
        <translation>%1 于第 %2 步注册，于第 %3 步触发</translation>
    </message>
    <message>
        <source>%1 registered at step %2, deleted at step %3</source>
        <translation>%1 于第 %2 步注册，于第 %3 步删除</translation>
    </message>
    <message numerus="yes">
        <source>%n processing-time timer(s) waiting</source>
        <translation>
            <numerusform>%n 个处理时间定时器等待中</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · partition %2</source>
        <translation>%1 · 分区 %2</translation>
    </message>
    <message>
        <source> (finished)</source>
        <translation>（已结束）</translation>
    </message>
    <message>
        <source> (holds its reader)</source>
        <translation>（拖住其读取器）</translation>
    </message>
</context>
<context>
    <name>tidemark::app::GraphSettings</name>
    <message>
        <source>max out-of-orderness</source>
        <translation>最大乱序时间</translation>
    </message>
    <message>
        <source>idleness (withIdleness; 0: none)</source>
        <translation>空闲超时（withIdleness；0：不用）</translation>
    </message>
    <message>
        <source>auto-watermark interval</source>
        <translation>自动水位线间隔</translation>
    </message>
    <message>
        <source>parallelism</source>
        <translation>并行度</translation>
    </message>
    <message>
        <source>allowed lateness</source>
        <translation>允许延迟</translation>
    </message>
    <message>
        <source>window size</source>
        <translation>窗口大小</translation>
    </message>
    <message>
        <source>session gap</source>
        <translation>会话间隔</translation>
    </message>
    <message>
        <source>lower bound of between()</source>
        <translation>between() 的下界</translation>
    </message>
    <message>
        <source>upper bound of between()</source>
        <translation>between() 的上界</translation>
    </message>
    <message>
        <source>the function&apos;s timeout</source>
        <translation>函数的超时</translation>
    </message>
    <message>
        <source>the count&apos;s interval</source>
        <translation>计数的间隔</translation>
    </message>
    <message>
        <source>source</source>
        <translation>源</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
</context>
<context>
    <name>tidemark::app::GraphStrip</name>
    <message>
        <source>Kafka source</source>
        <translation>Kafka 源</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>源</translation>
    </message>
    <message>
        <source> · parallelism %1</source>
        <translation> · 并行度 %1</translation>
    </message>
    <message>
        <source>union</source>
        <translation>union（合并）</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>WindowAll</source>
        <translation>WindowAll</translation>
    </message>
    <message>
        <source>KeyedProcess</source>
        <translation>KeyedProcess</translation>
    </message>
    <message>
        <source>IntervalJoin</source>
        <translation>IntervalJoin</translation>
    </message>
    <message>
        <source>KeyedCoProcess</source>
        <translation>KeyedCoProcess</translation>
    </message>
    <message>
        <source>CoBroadcastWithKeyed</source>
        <translation>CoBroadcastWithKeyed</translation>
    </message>
    <message>
        <source>Window join</source>
        <translation>窗口 join</translation>
    </message>
    <message>
        <source>CoGroup</source>
        <translation>CoGroup</translation>
    </message>
    <message>
        <source>Timestamps/Watermarks</source>
        <translation>Timestamps/Watermarks</translation>
    </message>
    <message>
        <source>no watermark yet</source>
        <translation>尚无水位线</translation>
    </message>
    <message>
        <source>watermark %1</source>
        <translation>水位线 %1</translation>
    </message>
    <message>
        <source>%1: union</source>
        <translation>%1：union（合并）</translation>
    </message>
    <message>
        <source>ended</source>
        <translation>已结束</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>input %1 idle</source>
        <translation>输入 %1 空闲</translation>
    </message>
    <message>
        <source>%1 out</source>
        <translation>输出 %1</translation>
    </message>
    <message>
        <source>%1 late</source>
        <translation>迟到 %1</translation>
    </message>
    <message>
        <source>%1 dropped</source>
        <translation>丢弃 %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>; holds the sink back</source>
        <translation>；拖住了 sink</translation>
    </message>
    <message>
        <source>; the slowest sink</source>
        <translation>；最慢的 sink</translation>
    </message>
    <message>
        <source>; on the hold</source>
        <translation>；在拖住链上</translation>
    </message>
    <message>
        <source>in %1: %2</source>
        <translation>输入 %1：%2</translation>
    </message>
    <message>
        <source>∪ %1</source>
        <translation>∪ %1</translation>
    </message>
    <message>
        <source> (ended)</source>
        <translation>（已结束）</translation>
    </message>
    <message>
        <source> (idle)</source>
        <translation>（空闲）</translation>
    </message>
    <message>
        <source> · %1 late</source>
        <translation> · 迟到 %1</translation>
    </message>
    <message>
        <source> · %1 dropped</source>
        <translation> · 丢弃 %1</translation>
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
    <message>
        <source>Skip bad lines (list them, read the rest)</source>
        <translation>跳过坏行（列出它们，读取其余各行）</translation>
    </message>
    <message>
        <source>Saved in the scenario (&quot;lenient&quot;): the lines that do not read are skipped and counted, and the rest is played. Unchecked, the first bad line stops the import.</source>
        <translation>保存在场景中（&quot;lenient&quot;）：无法读取的行会被跳过并计数，其余各行照常播放。不勾选时，第一个坏行就会中止导入。</translation>
    </message>
    <message numerus="yes">
        <source>The layout is guessed from %n line(s) of the same shape</source>
        <translation>
            <numerusform>布局是根据 %n 行相同形状的行推测的</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n line(s) of another shape were set aside.</source>
        <translation>
            <numerusform>；另有 %n 行形状不同，已被搁置。</numerusform>
        </translation>
    </message>
    <message>
        <source>Check “Skip bad lines” to skip such lines and read the rest.</source>
        <translation>勾选“跳过坏行”即可跳过这类行并读取其余各行。</translation>
    </message>
    <message>
        <source>all at once (a backlog)</source>
        <translation>一次全部到达（积压）</translation>
    </message>
    <message>
        <source>one record every</source>
        <translation>每隔一段时间一条记录</translation>
    </message>
    <message>
        <source>at their event time</source>
        <translation>按其事件时间</translation>
    </message>
    <message>
        <source>When the file has no arrival field. One record a second is a class typing into nc; at their event time, a job reading a live topic as the records are written; all at once, a job started on a backlog (a topic read from its earliest offset, a bounded file), read before the first periodic watermark</source>
        <translation>文件没有到达时间字段时使用。每秒一条：课堂上在 nc 中逐行输入；按事件时间：作业读取一个正在写入的实时 topic；一次全部到达：作业启动时面对积压数据（从最早 offset 读取的 topic、有界文件），在第一次周期性水位线之前读完</translation>
    </message>
    <message>
        <source>replayed </source>
        <translation>回放加速 </translation>
    </message>
    <message>
        <source>× faster</source>
        <translation> 倍</translation>
    </message>
    <message>
        <source>as they happened</source>
        <translation>按发生时的节奏</translation>
    </message>
    <message>
        <source>Without arrival field, records arrive</source>
        <translation>没有到达时间字段时，记录到达方式</translation>
    </message>
    <message>
        <source>They arrive %1; the last at %2 of processing time.</source>
        <translation>记录到达方式：%1；最后一条在处理时间 %2 到达。</translation>
    </message>
    <message>
        <source>at their event time, as they happened</source>
        <translation>按事件时间，按发生时的节奏</translation>
    </message>
    <message>
        <source>at their event time, replayed %1× faster</source>
        <translation>按事件时间，加速 %1 倍回放</translation>
    </message>
    <message>
        <source>all at once, at processing time 0 (a backlog)</source>
        <translation>在处理时间 0 一次全部到达（积压数据）</translation>
    </message>
    <message>
        <source>one record every %1</source>
        <translation>每 %1 一条记录</translation>
    </message>
    <message>
        <source>Reading the whole file… %p%</source>
        <translation>正在读取整个文件… %p%</translation>
    </message>
    <message>
        <source>Reading the whole file…</source>
        <translation>正在读取整个文件…</translation>
    </message>
    <message>
        <source>column %1: %2</source>
        <translation>第 %1 列：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n of the first lines do(es) not read (in red).</source>
        <translation>
            <numerusform>前几行中有 %n 行无法读取（红色标出）。</numerusform>
        </translation>
    </message>
    <message>
        <source>The whole file does not read: %1</source>
        <translation>整个文件无法读取：%1</translation>
    </message>
    <message>
        <source>The whole file: %1 records, no bad line.</source>
        <translation>整个文件：%1 条记录，没有坏行。</translation>
    </message>
    <message numerus="yes">
        <source>The whole file: %1 records and %n bad line(s):</source>
        <translation>
            <numerusform>整个文件：%1 条记录，%n 个坏行：</numerusform>
        </translation>
    </message>
    <message>
        <source>(the first %1 listed)</source>
        <translation>（列出前 %1 个）</translation>
    </message>
    <message numerus="yes">
        <source>Skip the %n bad line(s) (read the rest)</source>
        <translation>
            <numerusform>跳过这 %n 个坏行（读取其余各行）</numerusform>
        </translation>
    </message>
    <message>
        <source>Open stops at the first, line %1, unless they are skipped.</source>
        <translation>除非跳过它们，否则“打开”会在第一个坏行（第 %1 行）处停止。</translation>
    </message>
</context>
<context>
    <name>tidemark::app::JobSubmitter</name>
    <message>
        <source>Maven did not finish the build within %1 s, so it was stopped. The end of its output:
%2</source>
        <translation>Maven 没有在 %1 秒内完成构建，已被停止。它最后的输出：
%2</translation>
    </message>
    <message>
        <source>(Maven printed nothing)</source>
        <translation>（Maven 没有任何输出）</translation>
    </message>
    <message>
        <source>%1 holds no pom.xml: export the job there first.</source>
        <translation>%1 中没有 pom.xml：请先把作业导出到那里。</translation>
    </message>
    <message>
        <source>Cancelled. The cluster may have started the job already: File ▸ Attach to Flink… or `tidemark attach %1` lists its jobs.</source>
        <translation>已取消。集群可能已经启动了作业：“文件 ▸ 连接到 Flink…”或 `tidemark attach %1` 会列出它的作业。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Maven (mvn) is not installed, and it builds the job: install Maven 3.8 or later and a JDK 17 (on Debian: apt install maven openjdk-17-jdk-headless), or build the project elsewhere and run it with:
  %1</source>
        <translation>没有安装构建作业所需的 Maven（mvn）：请安装 Maven 3.8 或更高版本以及 JDK 17（Debian 上：apt install maven openjdk-17-jdk-headless），或者在别处构建项目，再这样运行它：
  %1</translation>
    </message>
    <message>
        <source>Java is not installed, and Maven needs it to build the job: install a JDK 17 (on Debian: apt install openjdk-17-jdk-headless).</source>
        <translation>没有安装 Java，而 Maven 构建作业需要它：请安装 JDK 17（Debian 上：apt install openjdk-17-jdk-headless）。</translation>
    </message>
    <message>
        <source>Building the job: mvn %1 in %2…</source>
        <translation>正在构建作业：在 %2 中运行 mvn %1…</translation>
    </message>
    <message>
        <source>Cannot start Maven (%1): %2</source>
        <translation>无法启动 Maven（%1）：%2</translation>
    </message>
    <message>
        <source>The build failed: mvn %1 exited with status %2. The end of Maven&apos;s output:
%3</source>
        <translation>构建失败：mvn %1 以状态 %2 退出。Maven 最后的输出：
%3</translation>
    </message>
    <message>
        <source>a crash</source>
        <translation>崩溃</translation>
    </message>
    <message>
        <source>The build ended without %1.</source>
        <translation>构建结束了，但没有 %1。</translation>
    </message>
    <message>
        <source>Uploading %1 to %2…</source>
        <translation>正在把 %1 上传到 %2…</translation>
    </message>
    <message>
        <source>The cluster at %1 does not take jars through its REST API (%2): web.submit.enable is false there, or its REST API has no /jars handlers. Run the jar with Flink&apos;s client instead:
  %3</source>
        <translation>%1 上的集群不通过 REST API 接收 jar（%2）：那里的 web.submit.enable 为 false，或者它的 REST API 没有 /jars 处理程序。请改用 Flink 的客户端运行 jar：
  %3</translation>
    </message>
    <message>
        <source>Cannot upload the jar: %1</source>
        <translation>无法上传 jar：%1</translation>
    </message>
    <message>
        <source>Starting %1 on the cluster (main() runs on the JobManager)…</source>
        <translation>正在集群上启动 %1（main() 在 JobManager 上运行）…</translation>
    </message>
    <message>
        <source>The cluster did not start the job: %1</source>
        <translation>集群没有启动作业：%1</translation>
    </message>
    <message>
        <source>Submitted: job %1 (%2).</source>
        <translation>已提交：作业 %1（%2）。</translation>
    </message>
</context>
<context>
    <name>tidemark::app::KafkaTopicDialog</name>
    <message>
        <source>Open Kafka Topic</source>
        <translation>打开 Kafka 主题</translation>
    </message>
    <message>
        <source>bootstrap.servers: HOST:PORT, several separated by commas</source>
        <translation>bootstrap.servers：HOST:PORT，多个用逗号分隔</translation>
    </message>
    <message>
        <source>&amp;Bootstrap servers:</source>
        <translation>引导服务器(&amp;B)：</translation>
    </message>
    <message>
        <source>&amp;Topic:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <source>earliest offsets</source>
        <translation>最早的偏移量</translation>
    </message>
    <message>
        <source>latest offsets (what comes from now on)</source>
        <translation>最新的偏移量（从现在起到来的记录）</translation>
    </message>
    <message>
        <source>first record at or after a time (epoch ms)</source>
        <translation>某一时刻（epoch 毫秒）当时或之后的第一条记录</translation>
    </message>
    <message>
        <source>&amp;Start from:</source>
        <translation>起点(&amp;S)：</translation>
    </message>
    <message>
        <source>the record&apos;s Kafka timestamp</source>
        <translation>记录的 Kafka 时间戳</translation>
    </message>
    <message>
        <source>Empty: the record&apos;s timestamp (CreateTime or LogAppendTime, as the topic keeps it). Else a field of the record: value.time for a JSON value, columns.1 for CSV.</source>
        <translation>留空：记录的时间戳（CreateTime 或 LogAppendTime，取决于主题的设置）。否则是记录的一个字段：JSON 值用 value.time，CSV 用 columns.1。</translation>
    </message>
    <message>
        <source>Event &amp;time:</source>
        <translation>事件时间(&amp;T)：</translation>
    </message>
    <message>
        <source>the record&apos;s key</source>
        <translation>记录的键</translation>
    </message>
    <message>
        <source>&amp;Key:</source>
        <translation>键(&amp;K)：</translation>
    </message>
    <message>
        <source>none (value.amount, columns.2, …)</source>
        <translation>无（value.amount、columns.2 等）</translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation>值(&amp;V)：</translation>
    </message>
    <message>
        <source>per partition, in the source: fromSource(kafkaSource, strategy, …)</source>
        <translation>在源内按分区生成：fromSource(kafkaSource, strategy, …)</translation>
    </message>
    <message>
        <source>after the source: fromSource(…, noWatermarks(), …).assignTimestampsAndWatermarks</source>
        <translation>在源之后生成：fromSource(…, noWatermarks(), …).assignTimestampsAndWatermarks</translation>
    </message>
    <message>
        <source>Watermarks:</source>
        <translation>水位线：</translation>
    </message>
    <message>
        <source>type a record&apos;s value to see how it is read</source>
        <translation>输入一条记录的值，看它如何被读取</translation>
    </message>
    <message>
        <source>T&amp;ry a value:</source>
        <translation>试读一个值(&amp;R)：</translation>
    </message>
    <message>
        <source>List bad records and skip them (lenient)</source>
        <translation>列出坏记录并跳过（宽松）</translation>
    </message>
    <message>
        <source>Stop the run at the first bad record (strict)</source>
        <translation>遇到第一条坏记录就停止运行（严格）</translation>
    </message>
    <message>
        <source>Bad records:</source>
        <translation>坏记录：</translation>
    </message>
    <message>
        <source>&amp;Read</source>
        <translation>读取(&amp;R)</translation>
    </message>
    <message>
        <source>record</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>Give the bootstrap servers, such as 127.0.0.1:9092, and the topic to read.</source>
        <translation>请给出引导服务器（例如 127.0.0.1:9092）和要读取的主题。</translation>
    </message>
    <message>
        <source>Read every partition of a topic, as Flink&apos;s KafkaSource does, and follow it: each record arrives when it is read, with its partition, offset, key and timestamp. The read ends when you close the source, as a job stopped with flink stop --drain: every reader ends then.</source>
        <translation>像 Flink 的 KafkaSource 那样读取主题的每个分区并持续跟随：每条记录在读到时到达，带有它的分区、偏移量、键和时间戳。关闭数据源时读取结束，如同用 flink stop --drain 停止的作业：每个读取器都在那时结束。</translation>
    </message>
</context>
<context>
    <name>tidemark::app::LessonMarkerDialog</name>
    <message>
        <source>&amp;Predict: hide the next fire (its window, its result, whether it fires at all) until I reveal it (R)</source>
        <translation>预测(&amp;P)：隐藏下一次触发（它的窗口、结果，乃至是否会触发），直到我揭晓它（R）</translation>
    </message>
    <message>
        <source>Lesson marker at step %1</source>
        <translation>第 %1 步的课程标记</translation>
    </message>
    <message>
        <source>New lesson marker at step %1</source>
        <translation>在第 %1 步新建课程标记</translation>
    </message>
    <message>
        <source>What to say at step %1 (Page Down / Page Up walk the markers in presenter mode):</source>
        <translation>在第 %1 步要讲的内容（在演示模式中用 Page Down / Page Up 在各标记之间切换）：</translation>
    </message>
    <message>
        <source>&amp;Remove Marker</source>
        <translation>删除标记(&amp;R)</translation>
    </message>
</context>
<context>
    <name>tidemark::app::LiveBar</name>
    <message>
        <source>Live input:</source>
        <translation>实时输入：</translation>
    </message>
    <message>
        <source>Follow live</source>
        <translation>跟随实时</translation>
    </message>
    <message>
        <source>Keep the cursor on the newest step while lines arrive. Stepping back turns it off; End turns it on again.</source>
        <translation>有新行到达时，光标停留在最新一步。后退一步会关闭它；按 End 重新打开。</translation>
    </message>
    <message numerus="yes">
        <source>appended; %n step(s) in the run</source>
        <translation>
            <numerusform>已追加；运行共 %n 步</numerusform>
        </translation>
    </message>
    <message>
        <source>● live from %1</source>
        <translation>● 实时来自 %1</translation>
    </message>
    <message>
        <source>○ %1 ended</source>
        <translation>○ %1 已结束</translation>
    </message>
    <message>
        <source>1 line</source>
        <translation>1 行</translation>
    </message>
    <message>
        <source>%1 lines</source>
        <translation>%1 行</translation>
    </message>
    <message>
        <source>1 record</source>
        <translation>1 条记录</translation>
    </message>
    <message>
        <source>%1 records</source>
        <translation>%1 条记录</translation>
    </message>
    <message>
        <source>1 bad line</source>
        <translation>1 个错误行</translation>
    </message>
    <message>
        <source>%1 bad lines</source>
        <translation>%1 个错误行</translation>
    </message>
    <message>
        <source>Type a line as into nc and press Enter — it arrives now, as one more client</source>
        <translation>像在 nc 中那样输入一行并按回车——它此刻到达，如同又一个客户端</translation>
    </message>
</context>
<context>
    <name>tidemark::app::LiveSourceDialog</name>
    <message>
        <source>column %1</source>
        <translation>第 %1 列</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <source>JSON lines</source>
        <translation>JSON Lines</translation>
    </message>
    <message>
        <source>text columns</source>
        <translation>文本列</translation>
    </message>
    <message>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <source>ts in %1</source>
        <translation>ts 在%1</translation>
    </message>
    <message>
        <source>key in %1</source>
        <translation>键在%1</translation>
    </message>
    <message>
        <source>value in %1</source>
        <translation>值在%1</translation>
    </message>
    <message>
        <source>channel in %1</source>
        <translation>通道在%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Connect to Socket</source>
        <translation>连接到套接字</translation>
    </message>
    <message>
        <source>Listen on Port</source>
        <translation>监听端口</translation>
    </message>
    <message>
        <source>Read lines from a server socket, as Flink&apos;s socketTextStream(host, port) does: each line is a record, arriving when it is read.</source>
        <translation>像 Flink 的 socketTextStream(host, port) 那样从服务器套接字读取行：每一行是一条记录，在被读取时到达。</translation>
    </message>
    <message>
        <source>Listen on a port, as nc -lk does: every terminal that connects with nc can type lines, and each line is a record, arriving when it is read.</source>
        <translation>像 nc -lk 那样监听端口：每个用 nc 连接的终端都可以输入行，每一行是一条记录，在被读取时到达。</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>主机(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>端口(&amp;P)：</translation>
    </message>
    <message>
        <source>for ever (-1)</source>
        <translation>一直重连 (-1)</translation>
    </message>
    <message>
        <source>Flink&apos;s maxRetry: after the peer closes, reconnect while fewer closes than this have happened, 500 ms apart. 0: the run ends when the peer closes.</source>
        <translation>Flink 的 maxRetry：对端关闭后，只要关闭次数少于此值就每隔 500 毫秒重新连接。0：对端关闭时运行结束。</translation>
    </message>
    <message>
        <source>&amp;Reconnect (maxRetry):</source>
        <translation>重新连接 (maxRetry)(&amp;R)：</translation>
    </message>
    <message>
        <source>Accept connections from other machines (all interfaces)</source>
        <translation>接受来自其他机器的连接（所有网络接口）</translation>
    </message>
    <message>
        <source>Off: only this machine can connect (127.0.0.1).</source>
        <translation>关闭时：只有本机可以连接（127.0.0.1）。</translation>
    </message>
    <message>
        <source>As the loaded scenario reads its events. Open an events file first to read lines in another format.</source>
        <translation>与已加载场景读取事件的方式相同。要按其他格式读取，请先打开一个事件文件。</translation>
    </message>
    <message>
        <source>Each line is read as:</source>
        <translation>每一行的读法：</translation>
    </message>
    <message>
        <source>type a line to see how it is read</source>
        <translation>输入一行，看看它会被如何读取</translation>
    </message>
    <message>
        <source>&amp;Try a line:</source>
        <translation>试一行(&amp;T)：</translation>
    </message>
    <message>
        <source>List bad lines and skip them (lenient)</source>
        <translation>列出错误行并跳过（宽松）</translation>
    </message>
    <message>
        <source>Stop the run at the first bad line (strict)</source>
        <translation>遇到第一个错误行就停止运行（严格）</translation>
    </message>
    <message>
        <source>Bad lines:</source>
        <translation>错误行：</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>连接(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Listen</source>
        <translation>监听(&amp;L)</translation>
    </message>
    <message>
        <source>The server must be running first, as in the posts: in a terminal, &lt;code&gt;nc -lk %1&lt;/code&gt;, then type lines there.</source>
        <translation>服务器必须先运行，就像文章中那样：在终端中执行 &lt;code&gt;nc -lk %1&lt;/code&gt;，然后在那里输入行。</translation>
    </message>
    <message>
        <source>Then, in one terminal or several: &lt;code&gt;nc %1 %2&lt;/code&gt;, and type lines.</source>
        <translation>然后在一个或多个终端中执行 &lt;code&gt;nc %1 %2&lt;/code&gt;，并输入行。</translation>
    </message>
    <message>
        <source>THIS-MACHINE</source>
        <translation>本机地址</translation>
    </message>
    <message>
        <source>line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>a blank or comment line: no record</source>
        <translation>空行或注释行：没有记录</translation>
    </message>
    <message>
        <source>a watermark %1</source>
        <translation>水位线 %1</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>键 %1</translation>
    </message>
    <message>
        <source>ts %1</source>
        <translation>ts %1</translation>
    </message>
    <message>
        <source>value %1</source>
        <translation>值 %1</translation>
    </message>
    <message>
        <source>Give the host to connect to, such as 127.0.0.1 or localhost.</source>
        <translation>请给出要连接的主机，例如 127.0.0.1 或 localhost。</translation>
    </message>
</context>
<context>
    <name>tidemark::app::LoadProgress</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop loading; the run shown stays</source>
        <translation>停止加载；当前显示的运行保持不变</translation>
    </message>
    <message>
        <source>Opening %1</source>
        <translation>正在打开 %1</translation>
    </message>
</context>
<context>
    <name>tidemark::app::Loading</name>
    <message>
        <source>Scenarios and event files (%1);;All files (*)</source>
        <translation>场景和事件文件 (%1);;所有文件 (*)</translation>
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
        <source>◀✕ Previous late</source>
        <translation>◀✕ 上一条迟到</translation>
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
        <source>+</source>
        <translation>+</translation>
    </message>
    <message>
        <source>−</source>
        <translation>−</translation>
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
    <message>
        <source>Tidemark shows one run at a time: opened %1, not %2.</source>
        <translation>Tidemark 一次只显示一个运行：已打开 %1，未打开 %2。</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>清空菜单(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Listen on Port…</source>
        <translation>监听端口(&amp;L)…</translation>
    </message>
    <message>
        <source>S&amp;top Live Source</source>
        <translation>停止实时数据源(&amp;T)</translation>
    </message>
    <message>
        <source>End the live source now: the run keeps what came, and the input ends here</source>
        <translation>立即结束实时数据源：运行保留已到达的内容，输入在此结束</translation>
    </message>
    <message>
        <source>Open the same live source again, as a new run</source>
        <translation>再次打开同一个实时数据源，作为新的运行</translation>
    </message>
    <message>
        <source>Bad lines</source>
        <translation>错误行</translation>
    </message>
    <message>
        <source>Bad lines (%1)</source>
        <translation>错误行 (%1)</translation>
    </message>
    <message>
        <source>Cannot reconnect</source>
        <translation>无法重新连接</translation>
    </message>
    <message>
        <source>Cannot start the live run</source>
        <translation>无法开始实时运行</translation>
    </message>
    <message>
        <source>Reading lines from %1</source>
        <translation>正在从 %1 读取行</translation>
    </message>
    <message>
        <source>Listening on %1: type lines into nc %2 %3</source>
        <translation>正在监听 %1：请在 nc %2 %3 中输入行</translation>
    </message>
    <message numerus="yes">
        <source>“%1” holds %n record(s) received from %2 that no file has. Save the run?</source>
        <translation>
            <numerusform>“%1”中有 %n 条从 %2 收到的记录尚未保存到任何文件。是否保存此运行？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>“%1” holds %n typed record(s) that no file has. Save the run?</source>
        <translation>
            <numerusform>“%1”中有 %n 条输入的记录尚未保存到任何文件。是否保存此运行？</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Connect to Socket…</source>
        <translation>连接到套接字(&amp;C)…</translation>
    </message>
    <message>
        <source>Reco&amp;nnect</source>
        <translation>重新连接(&amp;N)</translation>
    </message>
    <message>
        <source>Step &amp;Through</source>
        <translation>步进方式(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Every Step</source>
        <translation>每一步(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Changes Only</source>
        <translation>仅有变化的步骤(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Arrivals Only</source>
        <translation>仅记录到达(&amp;A)</translation>
    </message>
    <message>
        <source>The class is predicting: press R to reveal the next fire first.</source>
        <translation>全班正在预测：请先按 R 揭晓下一次触发。</translation>
    </message>
    <message>
        <source>No later lesson marker.</source>
        <translation>后面没有课程标记了。</translation>
    </message>
    <message>
        <source>No earlier lesson marker.</source>
        <translation>前面没有课程标记了。</translation>
    </message>
    <message>
        <source>Next lesson marker</source>
        <translation>下一个课程标记</translation>
    </message>
    <message>
        <source>Previous lesson marker</source>
        <translation>上一个课程标记</translation>
    </message>
    <message>
        <source>Reveal the next fire</source>
        <translation>揭晓下一次触发</translation>
    </message>
    <message>
        <source>Lesson &amp;Marker…</source>
        <translation>课程标记(&amp;M)…</translation>
    </message>
    <message>
        <source>Remove lesson marker at step %1</source>
        <translation>删除第 %1 步的课程标记</translation>
    </message>
    <message>
        <source>Lesson marker at step %1</source>
        <translation>第 %1 步的课程标记</translation>
    </message>
    <message>
        <source>Why (not)? — the selected window or record</source>
        <translation>为什么（没有）？——所选的窗口或记录</translation>
    </message>
    <message>
        <source>Animation (HTML Page)…</source>
        <translation>动画（HTML 页面）…</translation>
    </message>
    <message>
        <source>Animation Frames (PNG)…</source>
        <translation>动画帧（PNG）…</translation>
    </message>
    <message>
        <source>Export the animation frames into a folder</source>
        <translation>将动画帧导出到文件夹</translation>
    </message>
    <message>
        <source>Replace the frames?</source>
        <translation>替换这些帧？</translation>
    </message>
    <message>
        <source>%1 already holds animation frames (frame-*.png, frames.txt). Replace them?</source>
        <translation>%1 中已有动画帧（frame-*.png、frames.txt）。是否替换？</translation>
    </message>
    <message>
        <source>Export the animation as an HTML page</source>
        <translation>将动画导出为 HTML 页面</translation>
    </message>
    <message>
        <source>HTML pages (*.html *.htm)</source>
        <translation>HTML 页面 (*.html *.htm)</translation>
    </message>
    <message>
        <source>Drawing the frames…</source>
        <translation>正在绘制帧…</translation>
    </message>
    <message>
        <source>Drawing the animation…</source>
        <translation>正在绘制动画…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>&amp;Compare with One Setting Changed…</source>
        <translation>改动一项设置后比较(&amp;C)…</translation>
    </message>
    <message>
        <source>Duplicate this run as B, change one setting, and see both timelines and where they differ</source>
        <translation>把此运行复制为 B，改动一项设置，然后查看两条时间轴以及它们的不同之处</translation>
    </message>
    <message>
        <source>Compare with &amp;Another Scenario…</source>
        <translation>与另一个场景比较(&amp;A)…</translation>
    </message>
    <message>
        <source>Compare: %1</source>
        <translation>比较：%1</translation>
    </message>
    <message>
        <source>Cannot compare</source>
        <translation>无法比较</translation>
    </message>
    <message>
        <source>C&amp;ompare</source>
        <translation>比较(&amp;O)</translation>
    </message>
    <message>
        <source>Attach to &amp;Flink…</source>
        <translation>连接到 &amp;Flink…</translation>
    </message>
    <message>
        <source>Follow a running job&apos;s watermarks through the cluster&apos;s REST API</source>
        <translation>通过集群的 REST API 跟踪运行中作业的水位线</translation>
    </message>
    <message>
        <source>What Flink&apos;s Web UI would show</source>
        <translation>Flink Web UI 会显示什么</translation>
    </message>
    <message>
        <source>Flink Job…</source>
        <translation>Flink 作业…</translation>
    </message>
    <message>
        <source>Flink Job Exported</source>
        <translation>Flink 作业已导出</translation>
    </message>
    <message>
        <source>&amp;Verify with Flink</source>
        <translation>用 Flink 核对(&amp;V)</translation>
    </message>
    <message>
        <source>Run this scenario through Apache Flink&apos;s own operators and mark every output Flink agrees with (needs Java 17)</source>
        <translation>用 Apache Flink 自己的算子运行这个场景，并标出 Flink 认同的每一个输出（需要 Java 17）</translation>
    </message>
    <message>
        <source>Verify with Flink</source>
        <translation>用 Flink 核对</translation>
    </message>
    <message>
        <source>Build and Run on Cluster…</source>
        <translation>在集群上构建并运行…</translation>
    </message>
    <message>
        <source>Open &amp;Kafka Topic…</source>
        <translation>打开 &amp;Kafka 主题…</translation>
    </message>
    <message>
        <source>Reading topic %1 from %2</source>
        <translation>正在从 %2 读取主题 %1</translation>
    </message>
    <message>
        <source>Loading stopped. The run shown stays.</source>
        <translation>已停止加载。当前显示的运行保持不变。</translation>
    </message>
    <message>
        <source>Jump to the next late record: re-firing its window, dropped, or sent to the side output (Ctrl+Shift+→)</source>
        <translation>跳到下一条迟到记录：使其窗口再次触发、被丢弃或发往侧输出（Ctrl+Shift+→）</translation>
    </message>
    <message>
        <source>Jump to the previous late record: re-firing its window, dropped, or sent to the side output (Ctrl+Shift+←)</source>
        <translation>跳到上一条迟到记录：使其窗口再次触发、被丢弃或发往侧输出（Ctrl+Shift+←）</translation>
    </message>
    <message>
        <source>Next drop or side output</source>
        <translation>下一次丢弃或侧输出</translation>
    </message>
    <message>
        <source>Jump to the next record too late for every window it belongs to: dropped, or sent to the side output</source>
        <translation>跳到下一条对其所属的每个窗口都已太迟的记录：被丢弃或发往侧输出</translation>
    </message>
    <message>
        <source>Animation frames written to %1</source>
        <translation>动画帧已写入 %1</translation>
    </message>
    <message>
        <source>Animation written to %1</source>
        <translation>动画已写入 %1</translation>
    </message>
    <message>
        <source>&amp;Job Graphs</source>
        <translation>作业图(&amp;J)</translation>
    </message>
</context>
<context>
    <name>tidemark::app::NarrationPanel</name>
    <message>
        <source>Nothing loaded</source>
        <translation>未加载任何内容</translation>
    </message>
    <message>
        <source>Step %1 of %2 · processing time %3</source>
        <translation>第 %1 步（共 %2 步）· 处理时间 %3</translation>
    </message>
    <message>
        <source>&lt;p style=&quot;color:%1&quot;&gt;Press &lt;b&gt;Space&lt;/b&gt; to play, &lt;b&gt;→&lt;/b&gt; to take one step, &lt;b&gt;Shift+→&lt;/b&gt; to jump to the next fire, &lt;b&gt;F11&lt;/b&gt; for presenter mode.&lt;/p&gt;</source>
        <translation>&lt;p style=&quot;color:%1&quot;&gt;按 &lt;b&gt;空格&lt;/b&gt; 播放，&lt;b&gt;→&lt;/b&gt; 前进一步，&lt;b&gt;Shift+→&lt;/b&gt; 跳到下一次触发，&lt;b&gt;F11&lt;/b&gt; 进入演示模式。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>Steps %1–%2</source>
        <translation>第 %1–%2 步</translation>
    </message>
    <message>
        <source>%1 changed nothing shown and went by (Play ▸ Step Through).</source>
        <translation>%1 没有改变任何显示内容，已跳过（播放 ▸ 步进方式）。</translation>
    </message>
    <message>
        <source>%1 went by: no record arrived in them (Play ▸ Step Through).</source>
        <translation>%1 已跳过：其中没有记录到达（播放 ▸ 步进方式）。</translation>
    </message>
    <message>
        <source>Predict:</source>
        <translation>预测：</translation>
    </message>
    <message>
        <source>What happens next: does a window fire, which one, and with what result? Press R to reveal.</source>
        <translation>接下来会发生什么：会有窗口触发吗？是哪一个，结果是什么？按 R 揭晓。</translation>
    </message>
    <message>
        <source>Lesson:</source>
        <translation>课程：</translation>
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
    <message>
        <source>✓ agreed</source>
        <translation>✓ 一致</translation>
    </message>
    <message>
        <source>✗ differs</source>
        <translation>✗ 不同</translation>
    </message>
    <message>
        <source>Flink</source>
        <translation>Flink</translation>
    </message>
    <message>
        <source>joined</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>emitted</source>
        <translation>已发出</translation>
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
    <message>
        <source>Flink</source>
        <translation>Flink</translation>
    </message>
    <message>
        <source>Flink %1</source>
        <translation>Flink %1</translation>
    </message>
    <message>
        <source>Decide as</source>
        <translation>按此版本判定</translation>
    </message>
    <message>
        <source>The Flink release line the run follows (&quot;flinkVersion&quot;): where the lines decide differently, Tidemark decides as this one</source>
        <translation>运行所遵循的 Flink 版本系列（&quot;flinkVersion&quot;）：两个版本系列判定不同时，Tidemark 按此版本判定</translation>
    </message>
    <message>
        <source>automatic: date-time for epoch milliseconds</source>
        <translation>自动：epoch 毫秒显示为日期时间</translation>
    </message>
    <message>
        <source>cumulate (Flink SQL)</source>
        <translation>累积（Flink SQL）</translation>
    </message>
    <message>
        <source>Step (cumulate)</source>
        <translation>步长（累积）</translation>
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
    <message>
        <source>Every step</source>
        <translation>每一步</translation>
    </message>
    <message>
        <source>Changes only</source>
        <translation>仅有变化的步骤</translation>
    </message>
    <message>
        <source>Arrivals only</source>
        <translation>仅记录到达</translation>
    </message>
    <message>
        <source>What a step moves over: every step of the event queue; the steps that change something shown (a watermark, a window, an output); or the records&apos; arrivals</source>
        <translation>一步跨越什么：事件队列的每一步；改变了显示内容（水位线、窗口、输出）的步骤；或记录的到达</translation>
    </message>
</context>
<context>
    <name>tidemark::app::PolledWatermarksView</name>
    <message>
        <source>No Watermark</source>
        <translation>无水位线（No Watermark）</translation>
    </message>
    <message>
        <source>Waiting for the first poll…</source>
        <translation>正在等待第一次轮询……</translation>
    </message>
    <message>
        <source>This vertex is not in the poll looked at.</source>
        <translation>所查看的这次轮询中没有这个顶点。</translation>
    </message>
    <message>
        <source>poll %1</source>
        <translation>第 %1 次轮询</translation>
    </message>
    <message>
        <source>poll time →</source>
        <translation>轮询时间 →</translation>
    </message>
    <message>
        <source>%1 — a source reports no input watermark: its subtasks&apos; output watermarks</source>
        <translation>%1 — Source 不报告输入水位线：这里是其子任务的输出水位线</translation>
    </message>
    <message>
        <source>%1 — currentInputWatermark per subtask; dashed: the low watermark (their minimum)</source>
        <translation>%1 — 每个子任务的 currentInputWatermark；虚线：最低水位线（它们的最小值）</translation>
    </message>
    <message>
        <source>subtask %1: %2</source>
        <translation>子任务 %1：%2</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>  ▲ holds the vertex back</source>
        <translation>  ▲ 拖住了该顶点</translation>
    </message>
    <message>
        <source>low watermark: %1</source>
        <translation>最低水位线：%1</translation>
    </message>
    <message>
        <source>none (a subtask has No Watermark)</source>
        <translation>无（有子任务尚无水位线）</translation>
    </message>
</context>
<context>
    <name>tidemark::app::ProcessingTimeScrubber</name>
    <message>
        <source>Processing time, the same for both runs: a tick where their outputs differ (green: a fire moved or printed something else, purple: a firing in one run only, red: a record late in one run only). Click a tick to go to that difference, or click or drag to go to a time.</source>
        <translation>处理时间，两个运行共用：刻度标出两者输出不同之处（绿色：触发位置改变或打印内容不同；紫色：仅在一个运行中发生的触发；红色：仅在一个运行中迟到的记录）。点击刻度可跳到该差异，点击或拖动可跳到某个时间。</translation>
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
    <message>
        <source>channel %1–%2 watermarks</source>
        <translation>通道 %1–%2 水位线</translation>
    </message>
    <message>
        <source>%1 %2 watermark</source>
        <translation>%1 %2 水位线</translation>
    </message>
    <message>
        <source>%1 watermark</source>
        <translation>%1 水位线</translation>
    </message>
    <message>
        <source>sources&apos; channel watermarks</source>
        <translation>各源通道的水位线</translation>
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
    <message>
        <source>p%1 → %2</source>
        <translation>p%1 → %2</translation>
    </message>
    <message>
        <source>Partition → reader</source>
        <translation>分区 → 读取器</translation>
    </message>
    <message>
        <source>to %1&apos;s late side output</source>
        <translation>进入 %1 的迟到侧输出</translation>
    </message>
    <message>
        <source>dropped by %1</source>
        <translation>被 %1 丢弃</translation>
    </message>
    <message>
        <source>late: %1</source>
        <translation>迟到：%1</translation>
    </message>
    <message>
        <source>arrived</source>
        <translation>已到达</translation>
    </message>
</context>
<context>
    <name>tidemark::app::RunHeader</name>
    <message>
        <source>from “%1”</source>
        <translation>来自“%1”</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>运行 %1：%2</translation>
    </message>
    <message>
        <source>step %1 of %2 · %3</source>
        <translation>第 %1 步（共 %2 步）· %3</translation>
    </message>
</context>
<context>
    <name>tidemark::app::RunLoader</name>
    <message>
        <source>%1 is too large to step through on this computer.</source>
        <translation>%1 太大，无法在这台计算机上逐步查看。</translation>
    </message>
    <message>
        <source>In a terminal, Tidemark runs it streamed, with the same outputs, in memory that stays small:</source>
        <translation>在终端中，Tidemark 以流式方式运行它，输出相同，内存占用保持很小：</translation>
    </message>
    <message>
        <source>It has about %1 records; recording its run to step through it needs about %2 of memory, and this computer has %3 free.</source>
        <translation>它大约有 %1 条记录；记录其运行以便逐步查看需要约 %2 内存，而这台计算机只有 %3 可用。</translation>
    </message>
    <message>
        <source>It has %1 records; recording its run to step through it needs about %2 of memory, and this computer has %3 free.</source>
        <translation>它有 %1 条记录；记录其运行以便逐步查看需要约 %2 内存，而这台计算机只有 %3 可用。</translation>
    </message>
    <message>
        <source>Reading %1</source>
        <translation>正在读取 %1</translation>
    </message>
    <message>
        <source>Recording the run</source>
        <translation>正在记录运行</translation>
    </message>
    <message>
        <source>Its recorded run had taken %1 of memory after %2 of its %3 records, and would need about %4 more; this computer has %5 free.</source>
        <translation>记录到第 %2 条（共 %3 条）记录时，运行已占用 %1 内存，还需要约 %4；这台计算机只有 %5 可用。</translation>
    </message>
    <message>
        <source>In a terminal, Tidemark runs it streamed, with the same outputs, in memory that stays small: tidemark run --events FILE with the job&apos;s options (tidemark run --help).</source>
        <translation>在终端中，Tidemark 以流式方式运行它，输出相同，内存占用保持很小：使用 tidemark run --events FILE 并加上作业的选项（见 tidemark run --help）。</translation>
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
    <message>
        <source>Live from %1</source>
        <translation>实时来自 %1</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>the job failed at step %1: %2</source>
        <translation>作业在第 %1 步失败：%2</translation>
    </message>
    <message>
        <source>A job graph reads each source&apos;s records from its file; typed lines and live sources feed one window operator. Open a chain scenario, or add the records to the source&apos;s events file.</source>
        <translation>作业图从文件读取每个源的记录；键入的行和实时数据源只供给单个窗口算子。请打开一个链式场景，或把记录添加到该源的事件文件中。</translation>
    </message>
    <message>
        <source>No job graph is open.</source>
        <translation>没有打开作业图。</translation>
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
    <name>tidemark::app::SubmitJobDialog</name>
    <message>
        <source>Build and Run on a Flink Cluster</source>
        <translation>在 Flink 集群上构建并运行</translation>
    </message>
    <message>
        <source>Builds the exported project with Maven, uploads the jar through the cluster&apos;s REST API and runs it there (its main() runs on the JobManager and reads the records packed into the jar), then follows the job&apos;s watermarks in a window of its own.</source>
        <translation>用 Maven 构建导出的项目，通过集群的 REST API 上传 jar 并在那里运行（它的 main() 在 JobManager 上运行，读取打包在 jar 里的记录），然后在单独的窗口中跟踪作业的水位线。</translation>
    </message>
    <message>
        <source>Project:</source>
        <translation>项目：</translation>
    </message>
    <message>
        <source>REST address:</source>
        <translation>REST 地址：</translation>
    </message>
    <message>
        <source>Maven&apos;s output appears here.</source>
        <translation>Maven 的输出显示在这里。</translation>
    </message>
    <message>
        <source>&amp;Build and Run</source>
        <translation>构建并运行(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Try Again</source>
        <translation>重试(&amp;T)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Build the project (mvn package)</source>
        <translation>构建项目（mvn package）</translation>
    </message>
    <message>
        <source>Upload the jar</source>
        <translation>上传 jar</translation>
    </message>
    <message>
        <source>Run it on the cluster</source>
        <translation>在集群上运行</translation>
    </message>
    <message>
        <source>Submitted: job %1 runs on %2, followed in its own window.</source>
        <translation>已提交：作业 %1 在 %2 上运行，并在单独的窗口中跟踪。</translation>
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
    <message>
        <source>No window yet: one appears with its first record.</source>
        <translation>还没有窗口：窗口在它的第一条记录到达时出现。</translation>
    </message>
    <message>
        <source>reader %1</source>
        <translation>读取器 %1</translation>
    </message>
    <message>
        <source>reads no partition</source>
        <translation>没有分到分区</translation>
    </message>
    <message>
        <source>idle — skipped</source>
        <translation>空闲 — 被跳过</translation>
    </message>
    <message>
        <source>reader idle — ignored by the min</source>
        <translation>读取器空闲 — 不计入最小值</translation>
    </message>
    <message>
        <source>▲ holds the reader back</source>
        <translation>▲ 拖住了读取器</translation>
    </message>
    <message>
        <source>reader %1 · wm %2</source>
        <translation>读取器 %1 · 水位线 %2</translation>
    </message>
    <message>
        <source>reader %1 · reader wm %2</source>
        <translation>读取器 %1 · 读取器水位线 %2</translation>
    </message>
    <message>
        <source>partition %1</source>
        <translation>分区 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Partition %1 watermark&lt;/b&gt; %2&lt;br&gt;inside reader %3, whose watermark is %4: the minimum over its partitions that are not idle&lt;br&gt;%5</source>
        <translation>&lt;b&gt;分区 %1 的水位线&lt;/b&gt; %2&lt;br&gt;在读取器 %3 中，读取器的水位线是 %4：它的非空闲分区中的最小值&lt;br&gt;%5</translation>
    </message>
    <message>
        <source>idle: reader %1 ignores it</source>
        <translation>空闲：读取器 %1 忽略它</translation>
    </message>
    <message>
        <source>active: reader %1 waits for it</source>
        <translation>活跃：读取器 %1 等待它</translation>
    </message>
    <message>
        <source>✓ split finished</source>
        <translation>✓ split 已结束</translation>
    </message>
</context>
<context>
    <name>tidemark::app::WatermarkPoller</name>
    <message>
        <source>GET /jobs/%1: %2</source>
        <translation>GET /jobs/%1：%2</translation>
    </message>
    <message>
        <source>The job &quot;%1&quot; has ended (%2). What was polled is kept.</source>
        <translation>作业“%1”已结束（%2）。已轮询到的数据会保留。</translation>
    </message>
    <message>
        <source>GET %1/watermarks: %2</source>
        <translation>GET %1/watermarks：%2</translation>
    </message>
    <message>
        <source>GET %1/metrics: %2</source>
        <translation>GET %1/metrics：%2</translation>
    </message>
</context>
<context>
    <name>tidemark::app::WebUiPanel</name>
    <message>
        <source>Flink&apos;s Web UI ▸ Running Jobs ▸ the job ▸ a vertex ▸ Watermarks lists what GET /jobs/:id/vertices/:vid/watermarks answers; the job graph writes the low watermark on the vertex.</source>
        <translation>Flink Web UI ▸ Running Jobs ▸ 作业 ▸ 某个顶点 ▸ Watermarks 列出 GET /jobs/:id/vertices/:vid/watermarks 的应答；作业图把最低水位线写在顶点上。</translation>
    </message>
    <message>
        <source>At step %1 (%2), Flink&apos;s Web UI would show these watermarks:</source>
        <translation>在第 %1 步（%2），Flink 的 Web UI 会显示这些水位线：</translation>
    </message>
</context>
<context>
    <name>tidemark::app::WebUiWatermarksModel</name>
    <message>
        <source>No Watermark</source>
        <translation>无水位线（No Watermark）</translation>
    </message>
    <message>
        <source>Long.MAX_VALUE (end of input)</source>
        <translation>Long.MAX_VALUE（输入结束）</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>▲ holds the low watermark</source>
        <translation>▲ 拖住了最低水位线</translation>
    </message>
    <message>
        <source>idle: every input is idle, so downstream ignores it, but the low watermark still counts it</source>
        <translation>空闲：所有输入都空闲，下游会忽略它，但最低水位线仍把它算在内</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>input %1: %2</source>
        <translation>输入 %1：%2</translation>
    </message>
    <message>
        <source>input %1 holds it</source>
        <translation>输入 %1 拖住了它</translation>
    </message>
    <message>
        <source>min over its channels: channel %1 holds it</source>
        <translation>各通道的最小值：通道 %1 拖住了它</translation>
    </message>
    <message>
        <source>emits %1 (currentOutputWatermark)</source>
        <translation>发出 %1（currentOutputWatermark）</translation>
    </message>
    <message>
        <source>not shown: no subtask reported a watermark</source>
        <translation>不显示：没有子任务报告水位线</translation>
    </message>
    <message>
        <source>not shown: subtask %1 has No Watermark yet</source>
        <translation>不显示：子任务 %1 尚无水位线</translation>
    </message>
    <message numerus="yes">
        <source>min over %n subtask(s); subtask %1 holds it</source>
        <translation>
            <numerusform>%n 个子任务的最小值；子任务 %1 拖住了它</numerusform>
        </translation>
    </message>
    <message>
        <source>subtask %1 is idle: downstream ignores it, so the job is further than this</source>
        <translation>子任务 %1 空闲：下游会忽略它，所以作业实际上比这更靠前</translation>
    </message>
    <message>
        <source>idle subtasks count here though downstream ignores them</source>
        <translation>空闲的子任务在这里被计入，尽管下游会忽略它们</translation>
    </message>
    <message>
        <source>%1 — parallelism %2</source>
        <translation>%1 — 并行度 %2</translation>
    </message>
    <message>
        <source>Flink lists no rows here</source>
        <translation>Flink 在这里不列出任何行</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Flink lists no rows: a source has no input watermark</source>
        <translation>Flink 不列出任何行：Source 没有输入水位线</translation>
    </message>
    <message>
        <source>Flink lists no rows: no subtask reported a watermark yet</source>
        <translation>Flink 不列出任何行：还没有子任务报告水位线</translation>
    </message>
    <message>
        <source>%1 · its subtasks emit (currentOutputWatermark) %2</source>
        <translation>%1 · 其子任务发出（currentOutputWatermark）%2</translation>
    </message>
    <message>
        <source>Tidemark&apos;s picture</source>
        <translation>Tidemark 的图示</translation>
    </message>
    <message>
        <source>currentInputWatermark as Flink reports it: the watermark the subtask&apos;s input last passed on, the minimum over its active input channels</source>
        <translation>Flink 报告的 currentInputWatermark：子任务的输入最近一次传下去的水位线，即其活动输入通道的最小值</translation>
    </message>
    <message>
        <source>Flink writes it in the browser&apos;s time zone; here in the run&apos;s time zone</source>
        <translation>Flink 按浏览器的时区显示；这里按本次运行的时区显示</translation>
    </message>
    <message>
        <source>What the timeline shows for the same moment, which the Web UI does not</source>
        <translation>时间轴对同一时刻显示而 Web UI 不显示的内容</translation>
    </message>
</context>
<context>
    <name>tidemark::app::WhyPanel</name>
    <message>
        <source>Why (not)?</source>
        <translation>为什么（没有）？</translation>
    </message>
    <message>
        <source>Select a window (in the timeline or the Windows table) to ask why it fired, or why not yet; select a record to ask what became of it.</source>
        <translation>选择一个窗口（在时间轴或“窗口”表中），查看它为什么触发了，或为什么还没有触发；选择一条记录，查看它的去向。</translation>
    </message>
    <message>
        <source>Why (not)? — window %1 at step %2</source>
        <translation>为什么（没有）？——第 %2 步时的窗口 %1</translation>
    </message>
    <message>
        <source>Why (not)? — record #%1 at step %2</source>
        <translation>为什么（没有）？——第 %2 步时的记录 #%1</translation>
    </message>
    <message>
        <source>Why (not)? — %1 at step %2</source>
        <translation>为什么（没有）？——第 %2 步时的 %1</translation>
    </message>
    <message>
        <source>%1 holds no operator back at this step.</source>
        <translation>在这一步，%1 没有拖住任何算子。</translation>
    </message>
    <message>
        <source>The operators whose event time %1 holds where it is:</source>
        <translation>%1 让这些算子的事件时间停在原处：</translation>
    </message>
    <message>
        <source>A timer</source>
        <translation>一个定时器</translation>
    </message>
    <message>
        <source>%1&apos;s timer</source>
        <translation>%1 的定时器</translation>
    </message>
    <message>
        <source>%1 at %2 has not fired: subtask %3&apos;s event time is %4, and it fires when the event time reaches %2.</source>
        <translation>%1（%2）尚未触发：子任务 %3 的事件时间是 %4，事件时间到达 %2 时它才触发。</translation>
    </message>
    <message>
        <source>%1 on the processing-time clock at %2 has not fired: the clock is at %3.</source>
        <translation>%1（处理时间时钟 %2）尚未触发：时钟在 %3。</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more timer(s).</source>
        <translation>
            <numerusform>……还有 %n 个定时器。</numerusform>
        </translation>
    </message>
    <message>
        <source>window %1 of %2%3</source>
        <translation>%2 的窗口 %1%3</translation>
    </message>
    <message>
        <source>, key %1</source>
        <translation>，键 %1</translation>
    </message>
    <message numerus="yes">
        <source>step %1 (processing time %2), when subtask %3&apos;s event time reached %4, with %n element(s): %5</source>
        <translation>
            <numerusform>第 %1 步（处理时间 %2），子任务 %3 的事件时间到达 %4 时，含 %n 个元素：%5</numerusform>
        </translation>
    </message>
    <message>
        <source>It fired at %1.</source>
        <translation>它在%1触发。</translation>
    </message>
    <message>
        <source>It has not fired by this step: its trigger decides when, not the event time alone.</source>
        <translation>到这一步它还没有触发：何时触发由它的触发器决定，而不只是事件时间。</translation>
    </message>
    <message>
        <source>It has not fired: it fires when subtask %1&apos;s event time reaches %2 (its end − 1); that event time is %3.</source>
        <translation>它还没有触发：子任务 %1 的事件时间到达 %2（窗口结束 − 1）时它才触发；该事件时间现在是 %3。</translation>
    </message>
    <message>
        <source>Later it fires (again) at %1.</source>
        <translation>之后它（再次）在%1触发。</translation>
    </message>
    <message>
        <source>It never fires in this run: nothing in the input takes that event time to its end.</source>
        <translation>在这次运行中它永远不会触发：输入中没有任何东西能把该事件时间推进到它的结束。</translation>
    </message>
    <message>
        <source>Why (not)? — %1&apos;s record %2 at %3 on input %4 at step %5</source>
        <translation>为什么（不）？— %1 输入 %4 上 %3 的记录 %2，第 %5 步</translation>
    </message>
    <message>
        <source>It has not reached the join yet: it comes at step %1.</source>
        <translation>它尚未到达 join：它在第 %1 步到来。</translation>
    </message>
    <message>
        <source>It came at step %1 below the join&apos;s event time: late, so it joins nothing and is not buffered; it went to the late side output.</source>
        <translation>它在第 %1 步到来时低于 join 的事件时间：迟到，因此不与任何记录配对，也不被缓存；它进入了迟到侧输出。</translation>
    </message>
    <message>
        <source>It came at step %1 below the join&apos;s event time: late, so it joins nothing and is not buffered; it was dropped.</source>
        <translation>它在第 %1 步到来时低于 join 的事件时间：迟到，因此不与任何记录配对，也不被缓存；它被丢弃了。</translation>
    </message>
    <message>
        <source>It pairs with %1&apos;s records on input %2 (%3) from %4 to %5: between(%6, %7) from its own time.</source>
        <translation>它与输入 %2（%3）上 %1 的、时间在 %4 到 %5 之间的记录配对：自身时间起 between(%6, %7)。</translation>
    </message>
    <message>
        <source>The record at %1 (step %2)</source>
        <translation>%1 的记录（第 %2 步）</translation>
    </message>
    <message>
        <source>%1: paired at step %2.</source>
        <translation>%1：于第 %2 步配对。</translation>
    </message>
    <message>
        <source>%1: pairs at step %2, when the later of the two comes.</source>
        <translation>%1：于第 %2 步配对，即两者中较晚者到来时。</translation>
    </message>
    <message>
        <source>%1: came below the join&apos;s event time, late, and joined nothing.</source>
        <translation>%1：到来时低于 join 的事件时间，迟到，未与任何记录配对。</translation>
    </message>
    <message>
        <source>%1: came after this record had left the join&apos;s buffer (the join&apos;s event time had reached its cleanup time).</source>
        <translation>%1：在这条记录离开 join 的缓存之后才到来（join 的事件时间已到达其清理时间）。</translation>
    </message>
    <message>
        <source>No record of %1 on input %2 falls in that range in the whole input: it never pairs in this run.</source>
        <translation>整个输入中，输入 %2 上没有 %1 的记录落在该范围内：本次运行中它永远不会配对。</translation>
    </message>
    <message>
        <source>%1&apos;s closest record outside it is at %2 (step %3): between(%4, %5) would pair them.</source>
        <translation>%1 在范围外最近的记录位于 %2（第 %3 步）：between(%4, %5) 会让它们配对。</translation>
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
