    /** A window's result as the next operator reads it, at the window's maxTimestamp(), printed with the key. */
    public static final class @CLASS@ extends @BASE@<String, Event, @KEY_TYPE@@WINDOW@> {
        @Override
        public void process(@KEY_PARAM@Context context, Iterable<String> result, Collector<Event> out) {
            out.collect(Event.result(@KEY@, context.window().maxTimestamp(), result.iterator().next()));
        }
    }

