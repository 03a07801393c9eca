#include "engine/player/JoinRecordWhy.h"

#include <algorithm>
#include <tuple>

namespace tidemark {

std::optional<JoinRecordWhy> explainJoinRecord(
    const GraphRun& run, const GraphPicture& picture, int stream, int input, std::size_t arrived)
{
    const GraphPipeline& end = run.pipeline();
    const int op = end.streams().node(stream).op;
    if (op < 0 || run.graph().operators[static_cast<std::size_t>(op)].kind != GraphOperator::Kind::IntervalJoin)
        return std::nullopt;
    const std::vector<GraphPicture::Arrived> mine = picture.arrivedAt(stream, input);
    if (arrived >= mine.size())
        return std::nullopt;
    const IntervalJoinSpec& spec = run.graph().operators[static_cast<std::size_t>(op)].join;
    // right − left must lie in [lower, upper]; an exclusive bound moves in by 1 ms
    const DurationMs lower = spec.lowerMs + (spec.lowerInclusive ? 0 : 1);
    const DurationMs upper = spec.upperMs - (spec.upperInclusive ? 0 : 1);

    JoinRecordWhy why;
    why.record = mine[arrived];
    why.input = input;
    const Timestamp t = why.record.ts;
    why.from = input == 0 ? t + lower : t - upper;
    why.to = input == 0 ? t + upper : t - lower;

    // what the operator did: its pairs of the key (left time, right time, step) and its late records
    using Side = IntervalJoinOperator::Side;
    std::vector<std::tuple<Timestamp, Timestamp, StepIndex>> pairs;
    std::vector<std::tuple<Side, Timestamp, StepIndex, bool>> lates; // side output when true
    const GraphTrace& trace = run.trace();
    for (std::size_t i = 0; i < trace.outputs().size(); ++i) {
        const GraphOutput& o = trace.outputs()[i];
        const auto* join = std::get_if<IntervalJoinOperator::Output>(&o.what);
        if (o.op != op || !join || join->key != why.record.key)
            continue;
        if (join->kind == IntervalJoinOperator::Output::Kind::Pair)
            pairs.emplace_back(end.element(join->left).ts, end.element(join->right).ts, trace.stepOfOutput(i));
        else
            lates.emplace_back(join->side, join->timestamp, trace.stepOfOutput(i),
                join->kind == IntervalJoinOperator::Output::Kind::Late);
    }
    const auto late
        = [&](int side, const GraphPicture::Arrived& r) -> const std::tuple<Side, Timestamp, StepIndex, bool>* {
        const Side s = side == 0 ? Side::Left : Side::Right;
        const auto it = std::find_if(lates.begin(), lates.end(),
            [&](const auto& l) { return std::get<0>(l) == s && std::get<1>(l) == r.ts && std::get<2>(l) == r.step; });
        return it == lates.end() ? nullptr : &*it;
    };
    if (const auto* l = late(input, why.record)) {
        why.late = true;
        why.toSideOutput = std::get<3>(*l);
    }

    const int other = 1 - input;
    for (const GraphPicture::Arrived& r : picture.arrivedAt(stream, other)) {
        if (r.key != why.record.key)
            continue;
        const Timestamp left = input == 0 ? t : r.ts;
        const Timestamp right = input == 0 ? r.ts : t;
        const DurationMs d = right - left;
        if (d < lower || d > upper) {
            // outside the bounds: keep the closest on each side, with the bounds that would take it in
            const JoinRecordWhy::Outside outside {r, std::min(d, spec.lowerMs), std::max(d, spec.upperMs)};
            if (r.ts < why.from) {
                if (!why.closestBefore || r.ts > why.closestBefore->record.ts)
                    why.closestBefore = outside;
            } else if (!why.closestAfter || r.ts < why.closestAfter->record.ts) {
                why.closestAfter = outside;
            }
            continue;
        }
        JoinRecordWhy::Partner partner {r, JoinRecordWhy::Partner::Fate::Missed, kNoStep};
        const auto pair = std::find_if(pairs.begin(), pairs.end(), [&](const auto& p) {
            return std::get<0>(p) == left && std::get<1>(p) == right
                && std::get<2>(p) == std::max(r.step, why.record.step);
        });
        if (pair != pairs.end()) {
            partner.fate = JoinRecordWhy::Partner::Fate::Paired;
            partner.pairedAt = std::get<2>(*pair);
        } else if (late(other, r)) {
            partner.fate = JoinRecordWhy::Partner::Fate::Late;
        }
        why.partners.push_back(partner);
    }
    return why;
}

} // namespace tidemark
