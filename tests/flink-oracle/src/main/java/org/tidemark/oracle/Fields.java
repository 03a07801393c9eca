package org.tidemark.oracle;

import java.lang.reflect.Field;

/** What Flink keeps in a private field and shows nowhere else (a valve's last output, a reader's split outputs). */
final class Fields {
    private Fields() {}

    /** The field `name` of `o`, declared by its class or one above it. */
    static Object read(Object o, String name) throws ReflectiveOperationException {
        return field(o, name).get(o);
    }

    /** Sets it: where Flink draws at random what the scenario fixes (a rebalance's first channel). */
    static void write(Object o, String name, Object value) throws ReflectiveOperationException {
        field(o, name).set(o, value);
    }

    private static Field field(Object o, String name) throws NoSuchFieldException {
        for (Class<?> k = o.getClass(); k != null; k = k.getSuperclass()) {
            try {
                Field f = k.getDeclaredField(name);
                f.setAccessible(true);
                return f;
            } catch (NoSuchFieldException e) {
                // look in the superclass
            }
        }
        throw new NoSuchFieldException(o.getClass().getName() + "." + name);
    }
}
