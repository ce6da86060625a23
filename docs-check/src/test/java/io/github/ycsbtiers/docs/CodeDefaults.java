package io.github.ycsbtiers.docs;

import io.github.ycsbtiers.api.PropertyDefaults;
import io.github.ycsbtiers.redis.options.RedisOptions;
import io.github.ycsbtiers.runner.config.ClientOptions;
import io.github.ycsbtiers.runner.config.RunOptions;
import io.github.ycsbtiers.runner.measure.MeasurementOptions;
import io.github.ycsbtiers.runner.metrics.MetricsOptions;
import io.github.ycsbtiers.runner.workload.CoreWorkloadOptions;
import io.github.ycsbtiers.tiered.store.StoreOptions;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * The defaults the code applies, as its own options readers report them ({@link PropertyDefaults}):
 * the runner's, the core workload's and the {@code redis} binding's read from a few sets of
 * settings (so that properties read only under another setting are reached too); the embedded
 * store's from the options it builds from no settings.
 */
final class CodeDefaults {
  private CodeDefaults() {
  }

  /** Property name to the default the code gives it ({@code null}: none). */
  static Map<String, String> all() {
    Map<String, String> out = new HashMap<>();
    for (Map<String, String> settings : settingsToTry()) {
      Properties base = new Properties();
      base.putAll(settings);
      read(out, base, p -> RunOptions.fromProperties(p));
      read(out, base, p -> MeasurementOptions.fromProperties(p));
      read(out, base, p -> ClientOptions.fromProperties(p, Map.of()));
      read(out, base, p -> CoreWorkloadOptions.fromProperties(p));
      read(out, base, p -> RedisOptions.fromProperties(p, name -> null));
      read(out, base, p -> MetricsOptions.fromProperties(p));
    }
    StoreOptions store = StoreOptions.fromProperties(new Properties());
    out.putIfAbsent("tiered.medium", store.medium().name().toLowerCase(Locale.ROOT));
    out.putIfAbsent("tiered.sync", store.sync().name().toLowerCase(Locale.ROOT));
    out.putIfAbsent("tiered.sync.interval", Long.toString(store.syncIntervalMillis()));
    out.putIfAbsent("tiered.warmup", store.warmup().name().toLowerCase(Locale.ROOT));
    out.putIfAbsent("tiered.disk.page_cache", Boolean.toString(store.pageCache()));
    out.putIfAbsent("tiered.memory", null);
    out.putIfAbsent("tiered.io.threads", Integer.toString(store.ioThreads())); // threadcount's, 1 unless set
    out.putIfAbsent("tiered.io.carry", Boolean.toString(store.ioCarry()));
    return out;
  }

  private static java.util.List<Map<String, String>> settingsToTry() {
    return java.util.List.of(
        Map.of("workload", "site.ycsb.workloads.CoreWorkload"),
        Map.of("workload", "site.ycsb.workloads.CoreWorkload", "warmuptime", "auto", "runner.engine", "async",
            "measurement.interval", "both", "hdrhistogram.fileoutput", "true"),
        Map.of("workload", "site.ycsb.workloads.CoreWorkload", "requestdistribution", "gaussian"),
        Map.of("workload", "site.ycsb.workloads.CoreWorkload", "fieldlengthdistribution", "uniform"),
        // the endpoint's other properties are read once it is on
        Map.of("workload", "site.ycsb.workloads.CoreWorkload", "metrics.port", "9464"));
  }

  private static void read(Map<String, String> out, Properties base, Consumer<Properties> reader) {
    PropertyDefaults p = new PropertyDefaults(base);
    try {
      reader.accept(p);
    } catch (RuntimeException e) {
      // a reader that refuses this set of settings reports what it read before refusing
    }
    p.applied().forEach(out::putIfAbsent);
  }
}
