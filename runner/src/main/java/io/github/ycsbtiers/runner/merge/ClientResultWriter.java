package io.github.ycsbtiers.runner.merge;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import io.github.ycsbtiers.runner.config.ClientOptions;
import io.github.ycsbtiers.runner.config.OutputDirectory;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/** Writes the two files of {@link ClientResultLayout} that the runner adds to core's interval logs. */
public final class ClientResultWriter {
  private final String prefix;

  private static final String OUTPUT_PATH = "hdrhistogram.output.path";

  private ClientResultWriter(String prefix) {
    this.prefix = prefix;
  }

  /**
   * The writer for a run, or null when {@code hdrhistogram.fileoutput} is off. Refuses, before the
   * run starts, a {@code hdrhistogram.output.path} whose directory does not exist or cannot be
   * written: otherwise the run would do all its work and fail when it writes its files.
   */
  public static ClientResultWriter forRun(Properties props) {
    if (!new PropertyReader(props).bool("hdrhistogram.fileoutput", false)) {
      return null;
    }
    String prefix = props.getProperty(OUTPUT_PATH, "");
    Path dir;
    try {
      dir = Path.of(prefix + ClientResultLayout.REPORT).toAbsolutePath().getParent();
    } catch (InvalidPathException e) {
      throw PropertyException.badValue(OUTPUT_PATH, prefix, "a path prefix for the histogram files");
    }
    if (!OutputDirectory.isWritable(dir)) {
      throw PropertyException.badValue(OUTPUT_PATH, prefix, "a prefix in an existing, writable directory ("
          + dir + " is not one; create it first)");
    }
    return new ClientResultWriter(prefix);
  }

  public void writeReport(byte[] textReport) throws IOException {
    Files.write(Path.of(prefix + ClientResultLayout.REPORT), textReport);
  }

  /**
   * Writes client.properties.
   *
   * @param props the run's properties (after the split; defaults are recorded as empty values)
   * @param whole the load range before the split; null when it was not split (one client, or a
   *     run phase), where the properties hold it as given
   * @param bindingSections the latency sections bindings recorded themselves (no operations of their own)
   */
  public void writeClient(Properties props, ClientOptions clients, ClientOptions.Range whole, boolean completed,
                          java.util.Collection<String> bindingSections) throws IOException {
    Properties out = new Properties();
    for (List<String> keys : List.of(ClientResultLayout.IDENTITY, ClientResultLayout.PER_CLIENT)) {
      for (String key : keys) {
        String v = props.getProperty(key);
        out.setProperty(key, v == null ? "" : v.trim());
      }
    }
    boolean load = !new PropertyReader(props).bool("dotransactions", true);
    out.setProperty(ClientResultLayout.PHASE, load ? "load" : "run");
    if (whole != null) {
      out.setProperty("insertstart", Long.toString(whole.start()));
      out.setProperty("insertcount", Long.toString(whole.count()));
    }
    out.setProperty("client.count", Integer.toString(clients.count()));
    // as given, so that clients that each drew their own seed still merge; the drawn one beside it
    out.setProperty("client.seed", clients.seedGiven() ? Long.toString(clients.baseSeed()) : "");
    if (!clients.seedGiven()) {
      out.setProperty(ClientResultLayout.DRAWN_SEED, Long.toString(clients.baseSeed()));
    }
    out.setProperty("client.index", Integer.toString(clients.index()));
    out.setProperty(ClientResultLayout.SEED, Long.toString(clients.seed()));
    out.setProperty(ClientResultLayout.COMPLETED, Boolean.toString(completed));
    out.setProperty(ClientResultLayout.BINDING_SECTIONS, String.join(",", bindingSections));
    try (Writer w = Files.newBufferedWriter(Path.of(prefix + ClientResultLayout.CLIENT), StandardCharsets.UTF_8)) {
      out.store(w, "bin/ycsb: one client's run (see bin/ycsb merge)");
    }
  }
}
