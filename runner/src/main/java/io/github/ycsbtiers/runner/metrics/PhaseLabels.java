package io.github.ycsbtiers.runner.metrics;

import io.prometheus.metrics.model.snapshots.Labels;
import java.util.Map;

/**
 * The labels every series of a phase carries: the run, this client's index among
 * {@code client.count}, the binding, {@code load} or {@code run}, and the user's own.
 */
public record PhaseLabels(String run, int client, String binding, String phase, Map<String, String> user) {
  Labels labels() {
    Labels l = Labels.of("run", run, "client", Integer.toString(client), "binding", binding, "phase", phase);
    for (Map.Entry<String, String> e : user.entrySet()) {
      l = l.add(e.getKey(), e.getValue());
    }
    return l;
  }
}
