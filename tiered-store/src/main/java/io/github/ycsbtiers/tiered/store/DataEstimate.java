package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.api.PropertyReader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Properties;

/**
 * The expected size of the data set, from the workload's properties: {@code recordcount} records,
 * each a key ({@code user} + {@code zeropadding}-padded key number, FNV-hashed unless
 * {@code insertorder=ordered}) and a value ({@code fieldcount} fields of {@code fieldlength}
 * bytes: the bytes themselves for one field, the {@code RecordLayout} encoding for more).
 * Sizes count key and value bytes only, as the DRAM tier's weigher does. Immutable.
 *
 * @param records    records in the data set; 0 when unknown
 * @param keyBytes   average key length in bytes
 * @param valueBytes average stored value length in bytes
 */
public record DataEstimate(long records, double keyBytes, double valueBytes) {
  public static final String RECORDCOUNT = "recordcount";
  private static final String KEY_PREFIX = "user";
  // RecordLayout: version:u8 count:u16, then per field nameLength:u16 valueLength:u32
  private static final int LAYOUT_HEADER = 3;
  private static final int LAYOUT_FIELD = 6;
  private static final double TWO_TO_63 = 0x1p63;

  public DataEstimate {
    if (records < 0 || keyBytes < 0 || valueBytes < 0) {
      throw new IllegalArgumentException("negative size: " + records + ", " + keyBytes + ", " + valueBytes);
    }
  }

  /**
   * Reads the core workload's sizing properties, with the core workload's defaults.
   *
   * @throws io.github.ycsbtiers.api.PropertyException for a count or length that is not a whole number >= 0
   */
  public static DataEstimate fromProperties(Properties p) {
    PropertyReader r = new PropertyReader(p);
    long records = r.longValue(RECORDCOUNT, 0, 0, Long.MAX_VALUE);
    int fieldCount = r.intValue("fieldcount", 10, 0, Integer.MAX_VALUE);
    long fieldLength = r.longValue("fieldlength", 100, 0, Long.MAX_VALUE);
    long minFieldLength = r.longValue("minfieldlength", 1, 0, Long.MAX_VALUE);
    int zeroPadding = r.intValue("zeropadding", 1, 0, Integer.MAX_VALUE);
    boolean ordered = "ordered".equals(p.getProperty("insertorder", "hashed").trim().toLowerCase(Locale.ROOT));
    String distribution = p.getProperty("fieldlengthdistribution", "constant").trim().toLowerCase(Locale.ROOT);
    // uniform lengths average to the middle; zipfian and histogram lengths are counted at their maximum
    double length = "uniform".equals(distribution) ? (minFieldLength + fieldLength) / 2.0 : fieldLength;
    String prefix = p.getProperty("fieldnameprefix", "field");
    double key = KEY_PREFIX.length() + (ordered ? orderedDigits(records, zeroPadding) : hashedDigits(zeroPadding));
    return new DataEstimate(records, key, valueBytes(fieldCount, length, prefix));
  }

  /** Whether the data size is known (recordcount given and positive). */
  public boolean known() {
    return records > 0;
  }

  public double recordBytes() {
    return keyBytes + valueBytes;
  }

  /** Estimated bytes of all keys and values, saturating at Long.MAX_VALUE. */
  public long totalBytes() {
    double total = Math.ceil(records * recordBytes());
    return total >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) total;
  }

  /** Stored value length of a record of {@code fieldCount} fields of {@code length} bytes each. */
  static double valueBytes(int fieldCount, double length, String fieldNamePrefix) {
    if (fieldCount <= 1) {
      return length;
    }
    long names = 0;
    int prefix = fieldNamePrefix.getBytes(StandardCharsets.UTF_8).length;
    for (int i = 0; i < fieldCount; i++) {
      names += prefix + digits(i);
    }
    return LAYOUT_HEADER + (double) fieldCount * (LAYOUT_FIELD + length) + names;
  }

  /**
   * Average digit count of hashed key numbers: FNV-64 with the sign dropped is close to uniform on
   * [0, 2^63), so a number has d digits with probability (min(10^d, 2^63) - 10^(d-1)) / 2^63.
   */
  static double hashedDigits(int zeroPadding) {
    double sum = 0;
    double low = 0;
    for (int d = 1; d <= 19; d++) {
      double high = Math.min(Math.pow(10, d), TWO_TO_63);
      sum += Math.max(d, zeroPadding) * (high - low) / TWO_TO_63;
      low = high;
    }
    return sum;
  }

  /** Exact average digit count of the key numbers 0 .. records-1, padded to {@code zeroPadding}. */
  static double orderedDigits(long records, int zeroPadding) {
    if (records <= 0) {
      return Math.max(1, zeroPadding);
    }
    double sum = 0;
    long low = 0;
    for (int d = 1; low < records; d++) {
      long high = d >= 19 ? records : Math.min(records, (long) Math.pow(10, d));
      sum += (double) Math.max(d, zeroPadding) * (high - low);
      low = high;
    }
    return sum / records;
  }

  private static int digits(long n) {
    return Long.toString(n).length();
  }
}
