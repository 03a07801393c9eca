    /**
     * rebalance() with a known start: each upstream subtask deserializes its own copy and sends its k-th record to
     * subtask (first + k) mod n. Flink's own rebalance() starts each one at a random subtask, so the job would print
     * the same results in another order, or, where a watermark overtakes a record, other results.
     */
    public static final class RoundRobin implements Partitioner<Integer> {
        private final int first;
        private int sent;

        public RoundRobin(int first) {
            this.first = first;
        }

        @Override
        public int partition(Integer ignored, int subtasks) {
            return (first + sent++) % subtasks;
        }
    }
