    /** One record of data/events.csv, a POJO for Flink's serializer. */
    public static class Event implements Serializable {
        public long arrival; // processing time in ms after the start
        public int channel; // the watermark generator Tidemark sends it to
        public String key;
        public long timestamp;
        public Double value; // null when the record has none
@MORE_FIELDS@
        public Event() {}

        /**
         * The records of the file args[0] names; without one, of data/events.csv in the working folder
         * (java -jar in the project), else of the copy mvn package puts into the jar: a job submitted
         * through the REST API runs main() on the JobManager, which has no file of the client's.
         */
        static List<Event> readAll(String[] args) throws IOException {
            if (args.length > 0) {
                return readAll(Path.of(args[0]));
            }
            Path local = Path.of("data", "events.csv");
            if (Files.exists(local)) {
                return readAll(local);
            }
            try (InputStream packed = Event.class.getResourceAsStream("events.csv")) {
                if (packed == null) {
                    throw new IOException(
                            "no data/events.csv here and none in the jar: give the events file as the first argument");
                }
                String text = new String(packed.readAllBytes(), StandardCharsets.UTF_8);
                return parse(text.lines().toList(), "events.csv in the jar");
            }
        }

        static List<Event> readAll(Path file) throws IOException {
            return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString());
        }

        /** The header line, then @COLUMNS@; a key may be quoted as in CSV. */
        static List<Event> parse(List<String> lines, String file) throws IOException {
            List<Event> events = new ArrayList<>();
            for (int i = 1; i < lines.size(); i++) {
                List<String> f = fields(lines.get(i));
                if (f.size() != @COLUMN_COUNT@) {
                    throw new IOException(file + ":" + (i + 1) + ": expected @COLUMNS@, found "
                            + f.size() + " fields");
                }
                Event e = new Event();
                try {
                    e.arrival = Long.parseLong(f.get(0));
                    e.channel = Integer.parseInt(f.get(1));
                    e.key = f.get(2);
                    e.timestamp = Long.parseLong(f.get(3));
                    e.value = f.get(4).isEmpty() ? null : Double.valueOf(f.get(4));
@MORE_COLUMNS@                } catch (NumberFormatException bad) {
                    throw new IOException(file + ":" + (i + 1) + ": " + bad.getMessage(), bad);
                }
                events.add(e);
            }
            return events;
        }

@CSV_FIELDS@    }

