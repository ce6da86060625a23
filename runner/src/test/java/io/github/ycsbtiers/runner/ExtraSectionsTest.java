package io.github.ycsbtiers.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.codehaus.jackson.JsonNode;
import org.codehaus.jackson.JsonParser;
import org.codehaus.jackson.map.MappingIterator;
import org.codehaus.jackson.map.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sections a binding publishes ([TIER]) end the report, in each core exporter's own format. */
class ExtraSectionsTest {
  private static final String BINDING = TestBindings.PublishingSection.class.getName();
  private static final String CORE = "site.ycsb.measurements.exporter.";

  @TempDir
  Path dir;

  private RunnerEndToEndTest.Outcome run(String... extra) {
    List<String> args = new ArrayList<>(List.of("-t", "-db", BINDING, "-P", Path.of("..", "workloads",
        "uniform-read").toString(), "-p", "operationcount=100"));
    args.addAll(List.of(extra));
    RunnerEndToEndTest.Outcome o = RunnerEndToEndTest.run(args.toArray(new String[0]));
    assertEquals(0, o.status, o.err);
    return o;
  }

  @Test
  void textReportEndsWithTheSectionInCoreTextFormat() {
    String out = run().out;
    String tail = "[TIER], DramHits, 3" + System.lineSeparator()
        + "[TIER], DramHitRatio, 0.75" + System.lineSeparator()
        + "[TIER], Medium, pmem" + System.lineSeparator()
        + "[TIER], Path, /dev/shm/x \"y\"" + System.lineSeparator();
    // the binding's section, then the runner's verdict, which ends the report
    assertTrue(out.contains(tail + "[BOTTLENECK], Verdict, "), out);
    assertTrue(out.indexOf("[READ], Return=OK, 100") < out.indexOf("[TIER]"), out);
    String last = out.strip().substring(out.strip().lastIndexOf('\n') + 1);
    assertTrue(last.startsWith("[BOTTLENECK], "), out);
  }

  @Test
  void jsonArrayReportStaysOneArrayWithTheSectionInside() throws Exception {
    Path file = dir.resolve("report.json");
    run("-p", "exporter=" + CORE + "JSONArrayMeasurementsExporter", "-p", "exportfile=" + file);
    JsonNode array = new ObjectMapper().readTree(Files.readString(file));
    assertTrue(array.isArray());
    List<JsonNode> tier = tierObjects(array.iterator());
    assertTier(tier);
    assertEquals("OVERALL", array.get(0).get("metric").getTextValue());
    // the verdict is a label: a string value in JSON
    JsonNode verdict = array.get(array.size() - 1);
    for (JsonNode n : array) {
      if ("BOTTLENECK".equals(n.get("metric").getTextValue()) && "Verdict".equals(n.get("measurement").getTextValue())) {
        verdict = n;
      }
    }
    assertTrue(verdict.get("value").isTextual(), array.toString());
    assertTrue(List.of("client-bound", "none found").contains(verdict.get("value").getTextValue()), array.toString());
  }

  @Test
  void jsonObjectsReportGetsOneMoreObjectPerMeasurement() throws Exception {
    Path file = dir.resolve("report.json");
    run("-p", "exporter=" + CORE + "JSONMeasurementsExporter", "-p", "exportfile=" + file);
    ObjectMapper mapper = new ObjectMapper();
    JsonParser parser = mapper.getJsonFactory().createJsonParser(file.toFile());
    MappingIterator<JsonNode> objects = mapper.readValues(parser, JsonNode.class);
    assertTier(tierObjects(objects));
  }

  private static List<JsonNode> tierObjects(java.util.Iterator<JsonNode> nodes) {
    List<JsonNode> tier = new ArrayList<>();
    while (nodes.hasNext()) {
      JsonNode n = nodes.next();
      if ("TIER".equals(n.get("metric").getTextValue())) {
        tier.add(n);
      }
    }
    return tier;
  }

  private static void assertTier(List<JsonNode> tier) {
    assertEquals(4, tier.size(), tier.toString());
    assertEquals("DramHits", tier.get(0).get("measurement").getTextValue());
    assertEquals(3L, tier.get(0).get("value").getLongValue());
    assertEquals(0.75, tier.get(1).get("value").getDoubleValue());
    assertEquals("pmem", tier.get(2).get("value").getTextValue());
    assertEquals("/dev/shm/x \"y\"", tier.get(3).get("value").getTextValue());
  }
}
