package io.github.ycsbtiers.runner;

import io.github.ycsbtiers.runner.cli.Bindings;
import java.io.PrintStream;

/** The usage text of {@code bin/ycsb}. */
final class Usage {
  private Usage() {
  }

  static void print(PrintStream out, Bindings bindings) {
    out.println("Usage: bin/ycsb load|run|shell <binding> [options]");
    out.println("       bin/ycsb merge [-p exporter=CLASS] [-p exportfile=FILE] [-p timeline.file=FILE] DIR...   (one report"
        + " from several clients)");
    out.println("       bin/ycsb [options]            (upstream site.ycsb.Client style, with -db and -load/-t)");
    out.println("Bindings: " + String.join(", ", bindings.names()) + " (or any site.ycsb.DB class with -db)");
    out.println("Options:");
    out.println("  -threads n       client threads (property threadcount, default 1)");
    out.println("  -target n        total operations per second (property target, default unthrottled)");
    out.println("  -p target.profile='ramp 1000 20000 60s, sine 10000 5000 20s 60s'   a rate that changes over the run phase"
        + " (constant, ramp, steps, sine, trace; docs/runner.md)");
    out.println("  -load | -t       load phase | transaction phase (run)");
    out.println("  -db class        binding class (property db)");
    out.println("  -P file          property file; repeatable, applied in order");
    out.println("  -p name=value    property; overrides every -P file");
    out.println("  -s               status line every status.interval seconds (default 10) on stderr");
    out.println("  -l label         label prefixed to status lines");
    out.println("Launcher options (bin/ycsb): -cp path, -jvm-args 'args', and JAVA_OPTS.");
    out.println("Exit status: 0 completed, 1 run failed or incomplete, 2 invalid command line or property.");
  }
}
