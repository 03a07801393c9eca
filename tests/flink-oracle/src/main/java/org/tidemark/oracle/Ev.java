package org.tidemark.oracle;

/**
 * One input record as it travels through the Flink operators: an event, or (marker = true) an
 * explicit watermark record of the scenario, which the channel's generator turns into a punctuation.
 * A public POJO so Flink serialises it with its PojoSerializer.
 */
public class Ev {
    public String key; // null for windowAll input without a key; a composite key printed "(a,b)"
    public String[] keyFields; // a composite key's fields, or null
    public Double value; // null when the record has no value
    public long ts;
    public boolean marker;
    public int index; // position in the input (0-based)
    public int channel; // the watermark channel the MiniCluster check routes it to (unused by the harness run)

    public Ev() {}

    public Ev(String key, String[] keyFields, Double value, long ts, boolean marker, int index) {
        this.key = key;
        this.keyFields = keyFields;
        this.value = value;
        this.ts = ts;
        this.marker = marker;
        this.index = index;
    }

    @Override
    public String toString() {
        return "Ev{" + key + "," + value + "," + ts + (marker ? ",wm" : "") + "}";
    }
}
