        /**
         * Creates `topic` with `partitions` partitions and no time-based retention, or checks that it has them, holds
         * no record yet and keeps records as old as `records` (partition,key,timestamp,… after the header).
         */
        static void prepareTopic(Admin admin, String topic, int partitions, String at, List<String[]> records)
                throws ExecutionException, InterruptedException, TimeoutException {
            try {
                // Time-based retention goes by the records' own timestamps, and a scenario's are often from 1970:
                // with the broker's default (7 days) they would be deleted at its next retention check, minutes
                // from now, and the job would find the topic empty.
                admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1)
                                .configs(Map.of(RETENTION, "-1"))))
                        .all()
                        .get(WAIT_S, TimeUnit.SECONDS);
                return;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
            }
            TopicDescription described =
                    admin.describeTopics(List.of(topic)).allTopicNames().get(WAIT_S, TimeUnit.SECONDS).get(topic);
            if (described.partitions().size() != partitions) {
                System.err.println(at + " has " + described.partitions().size() + " partitions, the scenario "
                        + partitions + ": give another topic with --topic");
                System.exit(1);
            }
            Map<TopicPartition, OffsetSpec> ends = new HashMap<>();
            for (int p = 0; p < partitions; p++) {
                ends.put(new TopicPartition(topic, p), OffsetSpec.latest());
            }
            long held = 0;
            for (var end : admin.listOffsets(ends).all().get(WAIT_S, TimeUnit.SECONDS).values()) {
                held += end.offset();
            }
            if (held > 0) {
                System.err.println(at + " holds " + held + " records already, which the job would read too: "
                        + "delete the topic or give another with --topic");
                System.exit(1);
            }
            ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
            Config config =
                    admin.describeConfigs(List.of(resource)).all().get(WAIT_S, TimeUnit.SECONDS).get(resource);
            long retention = Long.parseLong(config.get(RETENTION).value());
            long oldest = Long.MAX_VALUE;
            for (String[] r : records) {
                oldest = Math.min(oldest, Long.parseLong(r[2]));
            }
            if (retention >= 0 && oldest < System.currentTimeMillis() - retention) {
                System.err.println(at + " deletes records older than " + RETENTION + "=" + retention + " ms by their "
                        + "timestamps, and the scenario's go back to " + Instant.ofEpochMilli(oldest)
                        + ": the broker would delete them at its next retention check. Set " + RETENTION
                        + "=-1 on the topic, or give a new one with --topic (--produce creates it so)");
                System.exit(1);
            }
        }

