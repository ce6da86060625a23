package io.github.ycsbtiers.api;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The binary layout of a record with several fields stored as one value (the {@code redis-string}
 * binding's {@code string} group with {@code fieldcount > 1}, and the {@code tiered} store).
 * A record of one field is not encoded at all: its value is the field's bytes.
 *
 * <pre>
 * record  = version:u8 (= 1)  count:u16  field{count}
 * field   = nameLength:u16  name:UTF-8 bytes  valueLength:u32  value:bytes
 * </pre>
 * Integers are big-endian and unsigned; fields keep the order they were written in; a name
 * appears at most once. {@code RecordLayoutTest} holds a golden sample.
 */
public final class RecordLayout {
  public static final int VERSION = 1;
  private static final int HEADER = 3;
  private static final int FIELD_OVERHEAD = 6;

  private RecordLayout() {
  }

  /** Encodes the fields in iteration order. */
  public static byte[] encode(Map<String, byte[]> fields) {
    if (fields.size() > 0xFFFF) {
      throw new IllegalArgumentException("at most 65535 fields per record, got " + fields.size());
    }
    byte[][] names = new byte[fields.size()][];
    int size = HEADER;
    int i = 0;
    for (Map.Entry<String, byte[]> f : fields.entrySet()) {
      names[i] = f.getKey().getBytes(StandardCharsets.UTF_8);
      if (names[i].length > 0xFFFF) {
        throw new IllegalArgumentException("field name longer than 65535 bytes: " + f.getKey());
      }
      size = Math.addExact(size, FIELD_OVERHEAD + names[i].length + f.getValue().length);
      i++;
    }
    ByteBuffer out = ByteBuffer.allocate(size);
    out.put((byte) VERSION).putShort((short) fields.size());
    i = 0;
    for (byte[] value : fields.values()) {
      out.putShort((short) names[i].length).put(names[i]).putInt(value.length).put(value);
      i++;
    }
    return out.array();
  }

  /** Every field of a record, in stored order. */
  public static Map<String, byte[]> decode(byte[] record) {
    return decode(record, null);
  }

  /**
   * The named fields of a record, in stored order; names the record lacks are left out.
   *
   * @param wanted the field names to return, or null for all
   * @throws IllegalArgumentException when the bytes are not a record of this layout
   */
  public static Map<String, byte[]> decode(byte[] record, Set<String> wanted) {
    ByteBuffer in = ByteBuffer.wrap(record);
    try {
      int version = in.get() & 0xFF;
      if (version != VERSION) {
        throw new IllegalArgumentException("not a record of layout version " + VERSION + " (first byte " + version + ")");
      }
      int count = in.getShort() & 0xFFFF;
      Map<String, byte[]> fields = new LinkedHashMap<>(Math.max(4, count * 2));
      for (int i = 0; i < count; i++) {
        byte[] name = new byte[in.getShort() & 0xFFFF];
        in.get(name);
        int length = in.getInt();
        if (length < 0 || length > in.remaining()) {
          throw new IllegalArgumentException("field value length " + Integer.toUnsignedString(length)
              + " runs past the end of the record");
        }
        String key = new String(name, StandardCharsets.UTF_8);
        if (wanted == null || wanted.contains(key)) {
          byte[] value = new byte[length];
          in.get(value);
          fields.put(key, value);
        } else {
          in.position(in.position() + length);
        }
      }
      if (in.hasRemaining()) {
        throw new IllegalArgumentException(in.remaining() + " bytes after the last field");
      }
      return fields;
    } catch (java.nio.BufferUnderflowException e) {
      throw new IllegalArgumentException("record truncated at byte " + in.position() + " of " + record.length, e);
    }
  }

  /** The record with {@code updates} written over it: changed fields keep their place, new ones go last. */
  public static byte[] merge(byte[] record, Map<String, byte[]> updates) {
    Map<String, byte[]> fields = decode(record);
    fields.putAll(updates);
    return encode(fields);
  }
}
