package io.github.ycsbtiers.tiered.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.RecordLayout;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.Utils;

/** The data size estimate behind tiered.ratio, against the sizes of real YCSB keys and records. */
class DataEstimateTest {

  private static DataEstimate estimate(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return DataEstimate.fromProperties(p);
  }

  @Test
  void readsCountsAsTheRunnerDoes() {
    DataEstimate e = estimate("recordcount", "5_120_000_000", "fieldcount", "1", "fieldlength", "1_024");
    assertEquals(5_120_000_000L, e.records());
    assertEquals(1024, e.valueBytes());
    for (String[] bad : new String[][] {{"recordcount", "-1"}, {"fieldlength", "1k"}, {"zeropadding", "1.5"},
        {"fieldcount", "3000000000"}, {"minfieldlength", ""}}) {
      PropertyException x = assertThrows(PropertyException.class, () -> estimate(bad));
      assertTrue(x.getMessage().startsWith("invalid value '" + bad[1] + "' for property '" + bad[0] + "': allowed a"
          + " whole number "), x.getMessage());
    }
  }

  @Test
  void hashedKeysMatchYcsbKeyNames() {
    long records = 200_000;
    long bytes = 0;
    for (long i = 0; i < records; i++) {
      bytes += ("user" + Utils.hash(i)).length();
    }
    DataEstimate e = estimate("recordcount", Long.toString(records));
    assertEquals((double) bytes / records, e.keyBytes(), 0.01);
  }

  @Test
  void zeroPaddingWidensShortKeys() {
    long records = 100_000;
    long bytes = 0;
    for (long i = 0; i < records; i++) {
      String digits = Long.toString(Utils.hash(i));
      bytes += 4 + Math.max(digits.length(), 20);
    }
    DataEstimate e = estimate("recordcount", Long.toString(records), "zeropadding", "20");
    assertEquals((double) bytes / records, e.keyBytes(), 0.001);
  }

  @Test
  void orderedKeysAreExact() {
    DataEstimate e = estimate("recordcount", "1000", "insertorder", "ordered");
    // 10 keys of 1 digit, 90 of 2, 900 of 3
    assertEquals(4 + (10 * 1 + 90 * 2 + 900 * 3) / 1000.0, e.keyBytes(), 1e-12);
    DataEstimate padded = estimate("recordcount", "1000", "insertorder", "ordered", "zeropadding", "5");
    assertEquals(9.0, padded.keyBytes(), 1e-12);
  }

  @Test
  void oneFieldIsTheRawValue() {
    DataEstimate e = estimate("recordcount", "10", "fieldcount", "1", "fieldlength", "100");
    assertEquals(100, e.valueBytes(), 0);
  }

  @Test
  void severalFieldsAreTheRecordLayoutSize() {
    Map<String, byte[]> fields = new LinkedHashMap<>();
    for (int i = 0; i < 12; i++) {
      fields.put("field" + i, new byte[50]);
    }
    DataEstimate e = estimate("recordcount", "10", "fieldcount", "12", "fieldlength", "50");
    assertEquals(RecordLayout.encode(fields).length, e.valueBytes(), 0);
  }

  @Test
  void coreWorkloadDefaultsAreTenFieldsOf100Bytes() {
    Map<String, byte[]> fields = new LinkedHashMap<>();
    for (int i = 0; i < 10; i++) {
      fields.put("field" + i, new byte[100]);
    }
    assertEquals(RecordLayout.encode(fields).length, estimate("recordcount", "1").valueBytes(), 0);
  }

  @Test
  void uniformLengthsAverage() {
    DataEstimate e = estimate("recordcount", "10", "fieldcount", "1", "fieldlength", "200", "minfieldlength", "100",
        "fieldlengthdistribution", "uniform");
    assertEquals(150, e.valueBytes(), 0);
  }

  @Test
  void totalIsRecordsTimesRecordBytes() {
    DataEstimate e = new DataEstimate(1_000_000, 22.5, 100);
    assertEquals(122_500_000, e.totalBytes());
    assertEquals(Long.MAX_VALUE, new DataEstimate(Long.MAX_VALUE, 20, 100).totalBytes());
  }
}
