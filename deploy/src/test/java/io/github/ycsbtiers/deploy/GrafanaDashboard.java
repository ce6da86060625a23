package io.github.ycsbtiers.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** deploy/grafana/ycsb-tiers.json as the tests read it: its panels' queries and the metrics they name. */
final class GrafanaDashboard {
  static final Path FILE = YcsbProcess.projectRoot().resolve("deploy/grafana/ycsb-tiers.json");
  private static final Pattern METRIC = Pattern.compile("\\b(ycsb_[a-z_]+)\\b");

  private GrafanaDashboard() {
  }

  static JsonNode read() throws IOException {
    return new ObjectMapper().readTree(FILE.toFile());
  }

  /** Every panel query's expression. */
  static List<String> expressions() throws IOException {
    List<String> exprs = new ArrayList<>();
    for (JsonNode panel : read().path("panels")) {
      for (JsonNode target : panel.path("targets")) {
        exprs.add(target.path("expr").asText());
      }
    }
    return exprs;
  }

  /** The metric names the queries use, as Prometheus stores them ({@code _bucket}, {@code _total}). */
  static TreeSet<String> metricNames() throws IOException {
    TreeSet<String> names = new TreeSet<>();
    for (String e : expressions()) {
      Matcher m = METRIC.matcher(e);
      while (m.find()) {
        names.add(m.group(1));
      }
    }
    return names;
  }
}
