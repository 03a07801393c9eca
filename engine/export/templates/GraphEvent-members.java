        public String source; // the job graph's source the record comes from
        public String printed; // what print() writes for an operator's output; null for a source's record

        @Override
        public String toString() {
            return printed;
        }

        /** The records of one source, in the order they arrive. */
        static List<Event> of(List<Event> events, String source) {
            List<Event> of = new ArrayList<>();
            for (Event event : events) {
                if (source.equals(event.source)) {
                    of.add(event);
                }
            }
            return of;
        }

        /** An operator's output: its key, its timestamp (the one Flink gives it), its value and its printed line. */
        static Event output(String key, long timestamp, Double value, String printed) {
            Event e = new Event();
            e.key = key;
            e.timestamp = timestamp;
            e.value = value;
            e.printed = printed;
            return e;
        }

        /** A window's result, stamped with the window's maxTimestamp(); its value is the result's number. */
        static Event result(String key, long maxTimestamp, String result) {
            Double value = "null".equals(result) ? null : Double.valueOf(result);
            return output(key, maxTimestamp, value, "(" + (key == null ? "" : key + ",") + result + ")");
        }

        /** A record a process function emits from a timer, at the timer's time: it prints as it came. */
        static Event fromTimer(Event record, long timer) {
            String printed = "(" + record.key + "," + record.timestamp
                    + (record.value == null ? "" : "," + number(record.value)) + ")";
            return output(record.key, timer, record.value, printed);
        }
