        /** @RECORD_COLUMNS@ per line after the header; a key may be quoted as in CSV. */
        static List<String[]> readAll() throws IOException {
            Path local = Path.of("data", "records.csv");
            String file = local.toString();
            List<String> lines;
            if (Files.exists(local)) {
                lines = Files.readAllLines(local, StandardCharsets.UTF_8);
            } else {
                try (InputStream packed = Produce.class.getResourceAsStream("records.csv")) {
                    if (packed == null) {
                        throw new IOException("no data/records.csv here and none in the jar");
                    }
                    lines = new String(packed.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
                    file = "records.csv in the jar";
                }
            }
            List<String[]> records = new ArrayList<>();
            for (int i = 1; i < lines.size(); i++) {
                List<String> f = fields(lines.get(i));
                if (f.size() != @RECORD_COLUMN_COUNT@) {
                    throw new IOException(file + ":" + (i + 1) + ": expected @RECORD_COLUMNS@, found "
                            + f.size() + " fields");
                }
                records.add(f.toArray(new String[0]));
            }
            return records;
        }

