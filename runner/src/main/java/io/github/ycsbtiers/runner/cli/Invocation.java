package io.github.ycsbtiers.runner.cli;

import java.util.List;
import java.util.Properties;

/** A parsed command line: what to do and the merged properties it runs with. */
public final class Invocation {
  /** What the command asks for. */
  public enum Mode {
    /** Run a phase (load or transactions, decided by the dotransactions property). */
    PHASE,
    /** The interactive shell of upstream YCSB. */
    SHELL,
    /** Print usage and exit. */
    HELP
  }

  private final Mode mode;
  private final Properties properties;
  private final List<String> maskedArgs;
  private final List<String> shellArgs;

  Invocation(Mode mode, Properties properties, List<String> maskedArgs, List<String> shellArgs) {
    this.mode = mode;
    this.properties = properties;
    this.maskedArgs = List.copyOf(maskedArgs);
    this.shellArgs = List.copyOf(shellArgs);
  }

  public Mode mode() {
    return mode;
  }

  /** Binding defaults, then -P files in order, then -p options and flags (highest). */
  public Properties properties() {
    return properties;
  }

  /** The command line as given, with secret values masked, for echoing. */
  public String maskedCommandLine() {
    return String.join(" ", maskedArgs);
  }

  /** Arguments for upstream's interactive shell ({@code site.ycsb.CommandLine}). */
  public String[] shellArgs() {
    return shellArgs.toArray(new String[0]);
  }
}
