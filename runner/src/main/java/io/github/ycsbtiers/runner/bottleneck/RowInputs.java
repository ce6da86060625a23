package io.github.ycsbtiers.runner.bottleneck;

import io.github.ycsbtiers.api.ResourceFigures;
import java.util.List;
import java.util.Map;

/**
 * A timeline row's {@link BottleneckInputs}: the client's CPU in the row and what the binding's
 * sources ({@code api.TimelineSources}) give over the same row under the names of
 * {@code api.ResourceFigures}. A row has no send lateness, so its verdict never comes from it.
 */
public final class RowInputs {
  private RowInputs() {
  }

  /**
   * @param processCores the client's process's cores in the row ({@code client_cpu_cores}), NaN when unknown
   * @param sources each source's figures for the row
   */
  public static BottleneckInputs of(int cores, int clients, double processCores,
                                    List<? extends Map<String, ? extends Number>> sources) {
    return BottleneckInputs.builder().client(cores, processCores, clients)
        .store(first(sources, ResourceFigures.STORE_CPU_CORES))
        .serverThread(first(sources, ResourceFigures.SERVER_THREAD_CORES), null)
        .device(null, first(sources, ResourceFigures.DEVICE_UTILISATION), first(sources, ResourceFigures.DEVICE_QUEUE))
        .build();
  }

  private static double first(List<? extends Map<String, ? extends Number>> sources, String name) {
    for (Map<String, ? extends Number> s : sources) {
      Number n = s.get(name);
      if (n != null) {
        return n.doubleValue();
      }
    }
    return Double.NaN;
  }
}
