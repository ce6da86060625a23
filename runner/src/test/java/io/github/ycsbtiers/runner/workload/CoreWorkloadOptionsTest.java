package io.github.ycsbtiers.runner.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.runner.workload.CoreWorkloadOptions.FieldLengthDistribution;
import io.github.ycsbtiers.runner.workload.CoreWorkloadOptions.RequestDistribution;
import io.github.ycsbtiers.runner.workload.CoreWorkloadOptions.ScanLengthDistribution;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsb.WorkloadException;

class CoreWorkloadOptionsTest {

  @Test
  void defaultsAreUpstreams() {
    CoreWorkloadOptions o = CoreWorkloadOptions.fromProperties(new Properties());
    assertEquals("usertable", o.table());
    assertEquals(10, o.fieldCount());
    assertEquals("field", o.fieldNamePrefix());
    assertEquals(100, o.fieldLength());
    assertEquals(1, o.minFieldLength());
    assertEquals(FieldLengthDistribution.CONSTANT, o.fieldLengthDistribution());
    assertEquals("hist.txt", o.fieldLengthHistogramFile());
    assertTrue(o.readAllFields());
    assertFalse(o.readAllFieldsByName());
    assertFalse(o.writeAllFields());
    assertFalse(o.dataIntegrity());
    assertEquals(0.95, o.readProportion());
    assertEquals(0.05, o.updateProportion());
    assertEquals(0, o.insertProportion());
    assertEquals(0, o.scanProportion());
    assertEquals(0, o.readModifyWriteProportion());
    assertEquals(RequestDistribution.UNIFORM, o.requestDistribution());
    assertEquals(1, o.minScanLength());
    assertEquals(1000, o.maxScanLength());
    assertEquals(ScanLengthDistribution.UNIFORM, o.scanLengthDistribution());
    assertFalse(o.orderedInserts());
    assertEquals(1, o.zeroPadding());
    assertEquals(0.2, o.hotspotDataFraction());
    assertEquals(0.8, o.hotspotOpnFraction());
    assertEquals(95, o.exponentialPercentile());
    assertEquals(0.8571428571, o.exponentialFrac());
    assertEquals(Integer.MAX_VALUE, o.recordCount());
    assertEquals(0, o.operationCount());
    assertEquals(0, o.insertStart());
    assertEquals(Integer.MAX_VALUE, o.insertCount());
    assertEquals(0, o.insertionRetryLimit());
    assertEquals(3, o.insertionRetryIntervalSeconds());
  }

  @Test
  void countsAre64Bit() {
    CoreWorkloadOptions o = CoreWorkloadOptions.fromProperties(Fixtures.props(
        "recordcount", "5120000000", "insertstart", "3000000000", "operationcount", "4000000000"));
    assertEquals(5_120_000_000L, o.recordCount());
    assertEquals(3_000_000_000L, o.insertStart());
    assertEquals(2_120_000_000L, o.insertCount());
    assertEquals(4_000_000_000L, o.operationCount());
    assertEquals(5_119_999_999L, o.lastInsertKey());
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource({
      "requestdistribution, foo",
      "recordcount, -5",
      "fieldcount, abc",
      "fieldcount, 0",
      "insertorder, random",
      "scanlengthdistribution, latest",
      "fieldlengthdistribution, gaussian",
      "readallfields, yes",
      "readproportion, -0.1",
      "hotspotdatafraction, 1.5",
      "exponential.percentile, 100",
      "insertstart, 2000",
      "insertcount, 2000",
      "zeropadding, x",
      "core_workload_insertion_retry_limit, -1",
  })
  void badValuesNameTheirPropertyAndValue(String property, String value) throws Exception {
    Properties p = Fixtures.props("recordcount", "1000");
    p.setProperty(property, value);
    WorkloadException e = assertThrows(WorkloadException.class, () -> new LongCoreWorkload().init(p));
    assertTrue(e.getMessage().contains("'" + property + "'"), e.getMessage());
    assertTrue(e.getMessage().contains(value), e.getMessage());
    assertInstanceOf(PropertyException.class, e.getCause());
    assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
  }

  @Test
  void messagesSayWhatIsAllowed() {
    PropertyException e = assertThrows(PropertyException.class,
        () -> CoreWorkloadOptions.fromProperties(Fixtures.props("requestdistribution", "foo")));
    assertEquals("invalid value 'foo' for property 'requestdistribution': allowed one of "
        + "uniform, zipfian, hotspot, latest, sequential, exponential, gaussian", e.getMessage());
  }

  @Test
  void dataIntegrityNeedsConstantFieldLength() {
    PropertyException e = assertThrows(PropertyException.class, () -> CoreWorkloadOptions.fromProperties(
        Fixtures.props("dataintegrity", "true", "fieldlengthdistribution", "uniform")));
    assertTrue(e.getMessage().contains("fieldlengthdistribution") && e.getMessage().contains("uniform"));
  }

  @Test
  void histogramFileMustBeReadable() {
    PropertyException e = assertThrows(PropertyException.class, () -> CoreWorkloadOptions.fromProperties(
        Fixtures.props("fieldlengthdistribution", "histogram", "fieldlengthhistogram", "/no/such/hist.txt")));
    assertTrue(e.getMessage().contains("'fieldlengthhistogram'") && e.getMessage().contains("/no/such/hist.txt"));
  }

  @Test
  void insertRangeMustFitInRecordCount() {
    PropertyException e = assertThrows(PropertyException.class, () -> CoreWorkloadOptions.fromProperties(
        Fixtures.props("recordcount", "1000", "insertstart", "500", "insertcount", "501")));
    assertTrue(e.getMessage().contains("'insertcount'") && e.getMessage().contains("501"), e.getMessage());
    CoreWorkloadOptions ok = CoreWorkloadOptions.fromProperties(
        Fixtures.props("recordcount", "1000", "insertstart", "500", "insertcount", "500"));
    assertEquals(999, ok.lastInsertKey());
  }
}
