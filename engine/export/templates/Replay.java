    /**
     * Emits record i at its arrival time, counted from the first number the source hands it. Past the
     * last record it waits for the end of input (inputEndMs), or, when the input never ends, keeps the
     * source open a second per number. Its first line on stderr marks the start of the replay's clock,
     * which comes after the cluster's start-up.
     */
    public static final class Replay implements FlatMapFunction<Long, Event> {
        private final List<Event> events;
        private final long inputEndMs;
        private transient boolean started;
        private transient long startNanos;

        Replay(List<Event> events, long inputEndMs) {
            this.events = events;
            this.inputEndMs = inputEndMs;
        }

        @Override
        public void flatMap(Long index, Collector<Event> out) throws InterruptedException {
            if (!started) {
                started = true;
                startNanos = System.nanoTime();
                String records = events.size() == 1 ? " record" : " records";
                System.err.println("replaying " + events.size() + records + " at their arrival times");
            }
            if (index < events.size()) {
                Event event = events.get(index.intValue());
                waitUntil(event.arrival);
                out.collect(event);
            } else if (inputEndMs >= 0) {
                waitUntil(inputEndMs);
            } else {
                Thread.sleep(1000);
            }
        }

        private void waitUntil(long ms) throws InterruptedException {
            long wait = ms - (System.nanoTime() - startNanos) / 1_000_000;
            if (wait > 0) {
                Thread.sleep(wait);
            }
        }
    }

