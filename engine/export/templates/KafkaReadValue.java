            String value = record.value() == null ? "" : new String(record.value(), StandardCharsets.UTF_8).trim();
            String problem = null;
@KEYCHECK@            if (problem == null && !value.isEmpty()) {
                try {
                    event.value = Double.valueOf(value);
                } catch (NumberFormatException bad) {
                    problem = "expected a number as the value, found \"" + value + "\"";
                }
            }
            if (problem != null) {
                System.err.println(record.topic() + ", partition " + record.partition() + ", offset " + record.offset()
                        + ": " + problem + "; skipped");
                return;
            }
            out.collect(event);
