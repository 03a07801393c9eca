    /**
     * A coGroup's groups: how many records of each input a key has in a window, (key,first,second), also when one
     * side has none (which a join leaves out). Stamped then gives it its timestamp.
     */
    public static final class GroupSizes implements CoGroupFunction<Event, Event, Event> {
        @Override
        public void coGroup(Iterable<Event> first, Iterable<Event> second, Collector<Event> out) {
            String key = null;
            int firsts = 0;
            int seconds = 0;
            for (Event e : first) {
                key = e.key;
                firsts++;
            }
            for (Event e : second) {
                key = e.key;
                seconds++;
            }
            out.collect(Event.output(key, Long.MIN_VALUE, null, "(" + key + "," + firsts + "," + seconds + ")"));
        }
    }

