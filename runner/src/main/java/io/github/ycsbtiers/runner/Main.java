package io.github.ycsbtiers.runner;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.runner.cli.Bindings;
import io.github.ycsbtiers.runner.cli.CommandLineParser;
import io.github.ycsbtiers.runner.cli.Invocation;
import io.github.ycsbtiers.runner.merge.MergeCommand;
import io.github.ycsbtiers.runner.ramp.RampOptions;
import java.io.PrintStream;

/**
 * Entry point of {@code bin/ycsb}, a drop-in for {@code site.ycsb.Client}. Exit status: 0 for a
 * completed run, 1 when the run failed or was incomplete, 2 for an invalid command line or
 * property (nothing was run).
 */
public final class Main {
  public static final int EXIT_OK = 0;
  public static final int EXIT_FAILED = 1;
  public static final int EXIT_USAGE = 2;

  private Main() {
  }

  public static void main(String[] args) {
    int status = run(args, System.out, System.err);
    System.out.flush();
    System.err.flush();
    // Bindings may leave non-daemon threads behind; the run is over either way.
    System.exit(status);
  }

  /** Runs a command and returns its exit status; never calls {@code System.exit}. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length > 0 && args[0].equals(MergeCommand.NAME)) {
      return MergeCommand.run(java.util.Arrays.asList(args).subList(1, args.length), out, err);
    }
    Invocation invocation;
    try {
      invocation = new CommandLineParser(Bindings.load()).parse(args);
    } catch (PropertyException e) {
      err.println("error: " + e.getMessage());
      return EXIT_USAGE;
    }
    switch (invocation.mode()) {
      case HELP:
        Usage.print(out, Bindings.load());
        return EXIT_OK;
      case SHELL:
        site.ycsb.CommandLine.main(invocation.shellArgs());
        return EXIT_OK;
      case PHASE:
      default:
        err.println("Command line: " + invocation.maskedCommandLine());
        if (RampOptions.requested(invocation.properties())) {
          return new ThreadRamp(invocation.properties(), out, err).run();
        }
        return new PhaseRunner(invocation.properties(), out, err).run();
    }
  }
}
