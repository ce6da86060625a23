package io.github.ycsbtiers.runner.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * Our registry must print exactly what core's Measurements prints for the same inputs, line by
 * line, for every measurement type and interval: the output is parsed by existing tools.
 */
class OutputFormatTest {
  private static final String[] OPS = {"READ", "UPDATE", "INSERT", "READ-MODIFY-WRITE", "CLEANUP", "SCAN"};

  @ParameterizedTest
  @ValueSource(strings = {"hdrhistogram", "histogram", "hdrhistogram+histogram", "timeseries"})
  void sameLinesAsCoreForEachMeasurementType(String type) throws IOException {
    Properties p = new Properties();
    p.setProperty("measurementtype", type);
    p.setProperty("hdrhistogram.percentiles", "50,95,99,99.9,99.99");
    assertSameOutput(p, false);
  }

  @ParameterizedTest
  @ValueSource(strings = {"raw", "hdrhistogram+raw"})
  void sameLinesAsCoreForRawTypes(String type, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws IOException {
    Properties p = new Properties();
    p.setProperty("measurementtype", type);
    // core writes every raw data point to this file (default: standard output)
    p.setProperty("measurement.raw.output_file", dir.resolve("raw.csv").toString());
    p.setProperty("hdrhistogram.percentiles", "50,95,99,99.9,99.99");
    assertSameOutput(p, false);
  }

  @org.junit.jupiter.api.Test
  void sameLinesAsCoreWithVerboseHistogramBuckets() throws IOException {
    Properties p = new Properties();
    p.setProperty("measurementtype", "histogram");
    p.setProperty("measurement.histogram.verbose", "true");
    p.setProperty("histogram.buckets", "50");
    assertSameOutput(p, false);
  }

  @ParameterizedTest
  @ValueSource(strings = {"op", "intended", "both"})
  void sameLinesAsCoreForEachInterval(String interval) throws IOException {
    Properties p = new Properties();
    p.setProperty("measurement.interval", interval);
    p.setProperty("hdrhistogram.percentiles", "95,99");
    assertSameOutput(p, false);
  }

  @ParameterizedTest
  @ValueSource(strings = {"hdrhistogram", "histogram"})
  void sameJsonArrayAsCore(String type) throws IOException {
    Properties p = new Properties();
    p.setProperty("measurementtype", type);
    p.setProperty("hdrhistogram.percentiles", "50,95,99,99.9,99.99");
    assertSameOutput(p, true);
  }

  @org.junit.jupiter.api.Test
  void defaultPercentilesAddMedianAndTail() throws IOException {
    MeasurementRegistry ours = new MeasurementRegistry(MeasurementOptions.fromProperties(new Properties()));
    ours.measure("READ", 100);
    ours.reportStatus("READ", Status.OK);
    String text = export(ours::export, false);
    for (String line : List.of("[READ], 50thPercentileLatency(us), 100", "[READ], 95thPercentileLatency(us), 100",
        "[READ], 99thPercentileLatency(us), 100", "[READ], 99.9PercentileLatency(us), 100",
        "[READ], 99.99PercentileLatency(us), 100", "[READ], Return=OK, 1")) {
      assertTrue(text.contains(line + "\n"), () -> "missing " + line + " in\n" + text);
    }
  }

  private static void assertSameOutput(Properties p, boolean json) throws IOException {
    Measurements core = new Measurements(p);
    MeasurementRegistry ours = new MeasurementRegistry(MeasurementOptions.fromProperties(p));
    Random random = new Random(42);
    Status[] statuses = {Status.OK, Status.OK, Status.OK, Status.NOT_FOUND, Status.ERROR};
    for (int i = 0; i < 20_000; i++) {
      String op = OPS[random.nextInt(OPS.length)];
      int latency = 1 + random.nextInt(random.nextInt(10) == 0 ? 2_000_000 : 2_000);
      int intended = latency + random.nextInt(100);
      Status status = statuses[random.nextInt(statuses.length)];
      core.measure(op, latency);
      core.measureIntended(op, intended);
      core.reportStatus(op, status);
      ours.measure(op, latency);
      ours.measureIntended(op, intended);
      ours.reportStatus(op, status);
    }
    List<String> expected = lines(export(core::exportMeasurements, json));
    List<String> actual = lines(export(ours::export, json));
    assertTrue(expected.size() > 10, "core printed too little to compare");
    assertEquals(expected.size(), actual.size(), () -> "line count differs:\n" + actual);
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i), actual.get(i), "line " + (i + 1));
    }
  }

  private interface Export {
    void to(MeasurementsExporter e) throws IOException;
  }

  private static String export(Export export, boolean json) throws IOException {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    MeasurementsExporter e = json ? new JSONArrayMeasurementsExporter(buffer) : new TextMeasurementsExporter(buffer);
    export.to(e);
    e.close();
    return buffer.toString(StandardCharsets.UTF_8);
  }

  private static List<String> lines(String s) {
    return Arrays.asList(s.split("\n"));
  }
}
