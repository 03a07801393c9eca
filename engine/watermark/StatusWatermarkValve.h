#pragma once

#include "engine/core/Time.h"
#include "engine/watermark/WatermarkOutput.h"

#include <optional>
#include <vector>

namespace tidemark {

// Flink's StatusWatermarkValve: how one downstream subtask combines the watermarks and statuses of its
// input channels (one per upstream subtask). A plain value: copying it is a complete snapshot.
//
//  * Output watermark = min over the channels that are ACTIVE and ALIGNED, forwarded only when it
//    strictly increases. All channels start at Long.MIN_VALUE, so nothing advances until every channel
//    has sent a watermark or gone idle.
//  * A channel's watermark only rises; input on an idle channel, or while the whole valve is idle, is
//    ignored entirely.
//  * A channel that goes idle becomes unaligned; when it resumes it is aligned again only if its
//    watermark is >= the last output, otherwise once a watermark of it catches up.
//  * When the last active channel goes idle, the max over all channels is flushed, then IDLE; the
//    valve is ACTIVE again (forwarding ACTIVE) as soon as any channel is.
class StatusWatermarkValve {
public:
    struct ChannelState {
        Timestamp watermark = kMinTimestamp;
        WatermarkStatus status = WatermarkStatus::Active;
        bool aligned = true;

        bool isActive() const { return status == WatermarkStatus::Active; }
    };

    explicit StatusWatermarkValve(int numChannels);

    // Append what the valve outputs in response to `out`.
    void inputWatermark(int channel, Timestamp watermark, WatermarkItems& out);
    void inputWatermarkStatus(int channel, WatermarkStatus status, WatermarkItems& out);
    // Either of the above, for an item a WatermarkChannel emitted.
    void input(int channel, const WatermarkItem& item, WatermarkItems& out);

    // ---- read-only state ----
    int numChannels() const { return static_cast<int>(m_channels.size()); }
    const ChannelState& channel(int index) const { return m_channels.at(static_cast<std::size_t>(index)); }
    const std::vector<ChannelState>& channels() const { return m_channels; }
    Timestamp lastOutputWatermark() const { return m_lastOutputWatermark; }
    WatermarkStatus lastOutputStatus() const { return m_lastOutputStatus; }
    bool isIdle() const { return m_lastOutputStatus == WatermarkStatus::Idle; }
    // The min over active aligned channels (what the output is held to); empty if none is aligned.
    std::optional<Timestamp> alignedMinimum() const;
    // The active aligned channels whose watermark equals alignedMinimum(), ascending: the ones holding
    // the output back ("channel 2 holds it back").
    std::vector<int> channelsHoldingMinimum() const;
    // The first of them, or -1, without building the list: the one a history records and an explanation follows.
    int firstChannelHoldingMinimum() const;

private:
    void emitNewMinimum(WatermarkItems& out);
    void emitMaximumOfAll(WatermarkItems& out);
    bool hasActiveChannel() const;

    std::vector<ChannelState> m_channels;
    Timestamp m_lastOutputWatermark = kMinTimestamp;
    WatermarkStatus m_lastOutputStatus = WatermarkStatus::Active;
};

} // namespace tidemark
