                config.put("key.serializer", StringSerializer.class.getName());
                config.put("value.serializer", StringSerializer.class.getName());
                config.put("max.block.ms", "20000");
                config.put("delivery.timeout.ms", "30000");
                List<Future<RecordMetadata>> sent = new ArrayList<>();
                try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
                    for (String[] r : records) {
                        sent.add(producer.send(new ProducerRecord<>(@TOPIC_OF_RECORD@, Integer.valueOf(r[0]),
                                Long.valueOf(r[2]), r[1].isEmpty() ? null : r[1], r[3].isEmpty() ? null : r[3])));
                    }
                    producer.flush();
                    for (Future<RecordMetadata> f : sent) {
                        f.get(WAIT_S, TimeUnit.SECONDS);
                    }
                }
