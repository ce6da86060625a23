package io.github.ycsbtiers.runner;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.runner.cli.Bindings;
import io.github.ycsbtiers.runner.cli.CommandLineParser;
import io.github.ycsbtiers.runner.cli.Invocation;
import io.github.ycsbtiers.runner.merge.MergeCommand;
import io.github.ycsbtiers.runner.metrics.MetricsEndpoint;
import io.github.ycsbtiers.runner.metrics.MetricsOptions;
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
        return runPhases(invocation.properties(), out, err);
    }
  }

  /** A phase, or {@code -threads auto}'s steps, with the metrics endpoint if {@code metrics.port} asks. */
  private static int runPhases(java.util.Properties props, PrintStream out, PrintStream err) {
    MetricsEndpoint metrics;
    try {
      MetricsOptions options = MetricsOptions.fromProperties(props);
      metrics = options.enabled() ? MetricsEndpoint.start(options) : null;
    } catch (PropertyException e) {
      err.println("error: " + e.getMessage());
      return EXIT_USAGE;
    }
    if (metrics == null) {
      return RampOptions.requested(props) ? new ThreadRamp(props, out, err, null).run()
          : new PhaseRunner(props, out, err).run();
    }
    try (metrics) {
      err.println(metrics.describe());
      int status = RampOptions.requested(props) ? new ThreadRamp(props, out, err, metrics).run()
          : new PhaseRunner(props, out, err).showTo(metrics).run();
      out.flush();
      metrics.awaitLastScrape(err);
      return status;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return EXIT_FAILED;
    }
  }
}
