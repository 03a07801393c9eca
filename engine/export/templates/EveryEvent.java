    /** Emits the watermark after every record, and on the periodic timer as well. */
    public static final class EveryEvent implements WatermarkGenerator<Event> {
        private final WatermarkGenerator<Event> generator;

        EveryEvent(WatermarkGenerator<Event> generator) {
            this.generator = generator;
        }

        @Override
        public void onEvent(Event event, long timestamp, WatermarkOutput output) {
            generator.onEvent(event, timestamp, output);
            generator.onPeriodicEmit(output);
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {
            generator.onPeriodicEmit(output);
        }
    }

