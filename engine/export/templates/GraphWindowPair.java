    /**
     * A window join's pair: JoinedStreams calls it for every first-input record with every second-input record of a
     * key in a window, first input outermost. It prints (key,first,second); Stamped then gives it its timestamp.
     */
    public static final class WindowPair implements JoinFunction<Event, Event, Event> {
        @Override
        public Event join(Event first, Event second) {
            return Event.output(first.key, Long.MIN_VALUE, null,
                    "(" + first.key + "," + first.timestamp + "," + second.timestamp + ")");
        }
    }

