package io.github.ycsbtiers.runner.workload;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.RandomByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import io.github.ycsbtiers.runner.workload.generator.SeededHistogramGenerator;
import io.github.ycsbtiers.runner.workload.generator.SeededLongGenerator;
import io.github.ycsbtiers.runner.workload.generator.SeededUniformGenerator;
import io.github.ycsbtiers.runner.workload.generator.SeededZipfianGenerator;
import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;

/**
 * Field names, field sets and values of records. Field sets handed to reads are built once and
 * shared (unmodifiable); value maps are new per operation because a binding owns the map it is
 * given. With {@code dataintegrity} values are deterministic, by upstream's algorithm, so that data
 * written by upstream YCSB verifies here and the other way round. Field choice and field lengths
 * draw from the calling client's seeded stream; the bytes of a random value
 * ({@code RandomByteIterator}) still come from {@code ThreadLocalRandom}, as upstream's do, and are
 * not repeatable.
 */
final class RecordValues {
  private final String[] fieldNames;
  private final Set<String> allFields;
  private final List<Set<String>> singleFields;
  private final SeededLongGenerator fieldLength;
  private final int constantLength;
  private final boolean dataIntegrity;
  private final int mapCapacity;

  private RecordValues(CoreWorkloadOptions o, SeededLongGenerator fieldLength) {
    this.fieldNames = new String[o.fieldCount()];
    List<Set<String>> singles = new ArrayList<>(fieldNames.length);
    for (int i = 0; i < fieldNames.length; i++) {
      fieldNames[i] = o.fieldNamePrefix() + i;
      singles.add(Collections.singleton(fieldNames[i]));
    }
    this.allFields = Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList(fieldNames)));
    this.singleFields = List.copyOf(singles);
    this.fieldLength = fieldLength;
    // skips boxing a generator value per field in the common case
    this.constantLength = o.fieldLengthDistribution() == CoreWorkloadOptions.FieldLengthDistribution.CONSTANT
        ? o.fieldLength() : -1;
    this.dataIntegrity = o.dataIntegrity();
    this.mapCapacity = (int) (fieldNames.length / 0.75f) + 1;
  }

  /** Builds the field length generator of {@code fieldlengthdistribution}. */
  static RecordValues create(CoreWorkloadOptions o) throws IOException {
    SeededLongGenerator lengths;
    switch (o.fieldLengthDistribution()) {
      case UNIFORM -> lengths = new SeededUniformGenerator(o.minFieldLength(), o.fieldLength());
      case ZIPFIAN -> lengths = new SeededZipfianGenerator(o.minFieldLength(), o.fieldLength());
      case HISTOGRAM -> lengths = SeededHistogramGenerator.read(o.fieldLengthHistogramFile());
      default -> {
        int constant = o.fieldLength();
        lengths = random -> constant;
      }
    }
    return new RecordValues(o, lengths);
  }

  /** Every field name, for reads that name them all; shared, unmodifiable. */
  Set<String> allFields() {
    return allFields;
  }

  /** One field chosen uniformly; shared, unmodifiable. */
  Set<String> oneField(WorkloadRandom random) {
    return singleFields.get(random.nextInt(fieldNames.length));
  }

  /** New values for every field of record {@code key}. */
  Map<String, ByteIterator> allValues(String key, WorkloadRandom random) {
    HashMap<String, ByteIterator> values = new HashMap<>(mapCapacity);
    for (String field : fieldNames) {
      values.put(field, value(key, field, random));
    }
    return values;
  }

  /** A new value for one field chosen uniformly. */
  Map<String, ByteIterator> oneValue(String key, WorkloadRandom random) {
    String field = fieldNames[random.nextInt(fieldNames.length)];
    HashMap<String, ByteIterator> values = new HashMap<>(2);
    values.put(field, value(key, field, random));
    return values;
  }

  /**
   * Checks cells read from record {@code key} against their deterministic values, with upstream's
   * outcomes: OK, UNEXPECTED_STATE for a mismatch, ERROR for no data at all. Consumes the cells'
   * iterators, as upstream does.
   */
  Status verify(String key, Map<String, ByteIterator> cells) {
    if (cells.isEmpty()) {
      return Status.ERROR;
    }
    for (Map.Entry<String, ByteIterator> cell : cells.entrySet()) {
      if (!cell.getValue().toString().equals(deterministicValue(key, cell.getKey()))) {
        return Status.UNEXPECTED_STATE;
      }
    }
    return Status.OK;
  }

  /**
   * Upstream's deterministic value: {@code key:field}, then repeatedly {@code ':'} and the
   * {@code String.hashCode()} of everything so far, cut to the field length. The hash is carried
   * forward character by character instead of re-hashing the whole prefix, which gives the same
   * numbers in linear time. dataintegrity requires constant field lengths, so the length is the
   * configured one.
   */
  String deterministicValue(String key, String field) {
    int size = constantLength;
    StringBuilder sb = new StringBuilder(Math.max(size, key.length() + field.length() + 1) + 12);
    sb.append(key).append(':').append(field);
    int hash = 0;
    int hashed = 0;
    while (sb.length() < size) {
      sb.append(':');
      for (; hashed < sb.length(); hashed++) {
        hash = 31 * hash + sb.charAt(hashed);
      }
      sb.append(hash);
    }
    sb.setLength(size);
    return sb.toString();
  }

  private ByteIterator value(String key, String field, WorkloadRandom random) {
    if (dataIntegrity) {
      return new StringByteIterator(deterministicValue(key, field));
    }
    return new RandomByteIterator(constantLength >= 0 ? constantLength : fieldLength.next(random));
  }
}
