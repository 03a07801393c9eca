    /**
     * Emits record i at its arrival time, counted from the replay's start. Past the last record it waits
     * for the end of input (inputEndMs), or, when the input never ends, keeps the source open a second
     * per number. The replays of one job (one per source of a job graph) share one start, that of the
     * first to begin, as long as they run in one JVM (a local MiniCluster, one task manager). Its line on
     * stderr, naming all `total` records, marks the start of the replay's clock, which comes after the
     * cluster's start-up.
     */
    public static final class Replay implements FlatMapFunction<Long, Event> {
        private static final AtomicLong START = new AtomicLong(Long.MIN_VALUE);
        private final List<Event> events;
        private final long inputEndMs;
        private final int total;
        private transient boolean started;
        private transient long startNanos;

        Replay(List<Event> events, long inputEndMs) {
            this(events, inputEndMs, events.size());
        }

        Replay(List<Event> events, long inputEndMs, int total) {
            this.events = events;
            this.inputEndMs = inputEndMs;
            this.total = total;
        }

        @Override
        public void flatMap(Long index, Collector<Event> out) throws InterruptedException {
            if (!started) {
                started = true;
                if (START.compareAndSet(Long.MIN_VALUE, System.nanoTime())) {
                    String records = total == 1 ? " record" : " records";
                    System.err.println("replaying " + total + records + " at their arrival times");
                }
                startNanos = START.get();
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

