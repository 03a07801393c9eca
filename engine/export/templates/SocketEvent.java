    /** One record read from the socket, a POJO for Flink's serializer. */
    public static class Event implements Serializable {
        public String key; // null when the records have none (windowAll)
        public long timestamp;
        public Double value; // null when the record has none

        public Event() {}
    }

