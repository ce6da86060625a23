package io.github.ycsbtiers.runner;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.ResultSection;
import io.github.ycsbtiers.api.ResultSections;
import io.github.ycsbtiers.runner.bottleneck.BottleneckInputs;
import io.github.ycsbtiers.runner.bottleneck.BottleneckRules;
import io.github.ycsbtiers.runner.bottleneck.BottleneckSection;
import io.github.ycsbtiers.runner.bottleneck.ReportInputs;
import io.github.ycsbtiers.runner.config.ClientOptions;
import io.github.ycsbtiers.runner.config.ConfigException;
import io.github.ycsbtiers.runner.config.OutputDirectory;
import io.github.ycsbtiers.runner.config.RunOptions;
import io.github.ycsbtiers.runner.engine.AsyncEngine;
import io.github.ycsbtiers.runner.engine.RunResult;
import io.github.ycsbtiers.runner.engine.SyncEngine;
import io.github.ycsbtiers.runner.measure.ExporterFactory;
import io.github.ycsbtiers.runner.measure.ExtraSections;
import io.github.ycsbtiers.runner.measure.JvmStats;
import io.github.ycsbtiers.runner.measure.MeasurementOptions;
import io.github.ycsbtiers.runner.measure.MeasurementRegistry;
import io.github.ycsbtiers.runner.measure.ResultReport;
import io.github.ycsbtiers.runner.measure.TeeExporter;
import io.github.ycsbtiers.runner.merge.ClientResultWriter;
import io.github.ycsbtiers.runner.merge.ReportLines;
import io.github.ycsbtiers.runner.metrics.MetricsEndpoint;
import io.github.ycsbtiers.runner.metrics.MetricsOptions;
import io.github.ycsbtiers.runner.metrics.PhaseLabels;
import io.github.ycsbtiers.runner.profile.ProfileSection;
import io.github.ycsbtiers.runner.shape.ClientCost;
import io.github.ycsbtiers.runner.shape.LoadShape;
import io.github.ycsbtiers.runner.workload.LongCoreWorkload;
import io.github.ycsbtiers.runner.workload.template.CommandRates;
import io.github.ycsbtiers.runner.workload.template.TemplateWorkload;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * Runs one phase (load or transactions): validates every setting first, initialises the
 * workload, runs the engine and writes the report. All configuration errors surface before the
 * first operation.
 */
final class PhaseRunner {
  static final String VERSION_LINE = "YCSB Client 0.17.0 (ycsb-tiers, 64-bit counts)";

  private final Properties props;
  private final PrintStream out;
  private final PrintStream err;
  private final List<ResultSection> extra;
  private MetricsEndpoint metrics;

  PhaseRunner(Properties props, PrintStream out, PrintStream err) {
    this(props, out, err, List.of());
  }

  /** With sections of the caller's own added to the report ({@code -threads auto}'s [RAMP]). */
  PhaseRunner(Properties props, PrintStream out, PrintStream err, List<ResultSection> extra) {
    this.props = props;
    this.out = out;
    this.err = err;
    this.extra = List.copyOf(extra);
  }

  /** Shows the phase on the metrics endpoint while it runs; {@code endpoint} may be null. */
  PhaseRunner showTo(MetricsEndpoint endpoint) {
    this.metrics = endpoint;
    return this;
  }

  int run() {
    Workload workload = null;
    try {
      ClientOptions clients = ClientOptions.fromProperties(props, System.getenv());
      ClientOptions.Range whole = clients.applyToLoad(props);
      if (!clients.seedGiven()) {
        // the workload seeds its threads from the same drawn seed
        props.setProperty(ClientOptions.SEED, Long.toString(clients.baseSeed()));
      }
      RunOptions options = RunOptions.fromProperties(props);
      ResultSections.clear();
      MeasurementRegistry registry = new MeasurementRegistry(MeasurementOptions.fromProperties(props));
      ExporterFactory exporter = ExporterFactory.forClass(props.getProperty(ExporterFactory.PROPERTY,
          ExporterFactory.DEFAULT));
      checkExportFile(options.exportFile());
      BindingClass binding = BindingClass.forName(options.dbClass(), props);
      err.println(VERSION_LINE);
      err.println();
      if (clients.isShared()) {
        err.println(whole == null ? clients.describeRun(options.operationCount()) : clients.describeLoad(whole));
      }
      ClientResultWriter resultFiles = ClientResultWriter.forRun(props);
      err.println("Loading workload...");
      // Third-party workloads (upstream's CoreWorkload subclasses among them) read core's
      // measurement singleton, some in their constructor: it needs the properties first.
      Measurements.setProperties(props);
      workload = WorkloadClass.create(options.workloadClass());
      initWorkload(workload);
      if (workload instanceof TemplateWorkload templates) {
        templates.checkBinding(probe(binding), options.dbClass());
      }
      if (workload instanceof LongCoreWorkload && !clients.seedGiven()) {
        err.println(clients.describeDrawnSeed());
      }
      RunOptions.Engine engine = chooseEngine(options, workload, binding);
      BindingPropertyCheck.check(binding); // after the engine is known: some binding properties depend on it
      LoadShape shape = shapeOf(engine, options, binding);
      err.println(shape.describe());
      if (options.dryRun()) {
        err.println("Dry run (" + RunOptions.DRY_RUN + "=true): every setting is valid; nothing was run");
        return Main.EXIT_OK;
      }
      if (metrics != null) {
        MetricsOptions m = metrics.options();
        metrics.show(new PhaseLabels(m.runId(), clients.index(), binding.label(), options.transactions() ? "run" : "load",
            m.labels()), registry);
      }
      err.println("Starting test.");
      JvmStats jvm = options.trackJvm() && options.status() ? new JvmStats(registry) : null;
      RunResult result = engine == RunOptions.Engine.ASYNC
          ? new AsyncEngine(options, workload, binding, registry, out, err).run(jvm)
          : new SyncEngine(options, props, workload, binding, registry, out, err).run(jvm);
      if (!result.started()) {
        result.failures().forEach(f -> err.println("error: " + f));
        return Main.EXIT_FAILED;
      }
      workload.cleanup();
      if (result.thrownOperations() > 0) {
        err.println("warning: " + result.thrownOperations() + " operations threw an exception and were counted as "
            + "ERROR; the first: " + result.firstThrown());
      }
      ClientCost cost = new ClientCost(shape, result.cpuNanos(), result.runtimeMillis(), result.operations(),
          Runtime.getRuntime().availableProcessors());
      writeReport(exporter, options, workload, result, jvm, registry, resultFiles, cost.section());
      if (cost.warning() != null) {
        err.println(cost.warning());
      }
      if (resultFiles != null) {
        resultFiles.writeClient(props, clients, whole, result.completed(), registry.bindingSections());
      }
      if (!result.completed()) {
        result.failures().forEach(f -> err.println("error: " + f));
        err.println("error: the run did not complete; results above cover the operations done");
        return Main.EXIT_FAILED;
      }
      return Main.EXIT_OK;
    } catch (PropertyException e) {
      err.println("error: " + e.getMessage());
      return Main.EXIT_USAGE;
    } catch (WorkloadException e) {
      if (e.getCause() instanceof PropertyException) {
        err.println("error: " + e.getCause().getMessage());
        return Main.EXIT_USAGE;
      }
      err.println("error: workload failed: " + e.getMessage());
      return Main.EXIT_FAILED;
    } catch (IOException e) {
      err.println("error: could not export measurements: " + e.getMessage());
      return Main.EXIT_FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("error: interrupted");
      return Main.EXIT_FAILED;
    }
  }

  /**
   * The engine of this run: {@code runner.engine} as given, or for {@code auto} async when the
   * workload and binding support it (which engine, and why not async, is said on stderr). The
   * choice is written back into {@code runner.engine}, so that bindings see the engine that runs
   * them.
   *
   * @throws ConfigException for runner.engine=async with a workload or binding that cannot
   */
  private RunOptions.Engine chooseEngine(RunOptions options, Workload workload, BindingClass binding) {
    RunOptions.Engine engine = options.engine();
    if (engine == RunOptions.Engine.ASYNC) {
      AsyncEngine.check(workload, probe(binding), options.dbClass());
    } else if (engine == RunOptions.Engine.AUTO) {
      String whyNot = AsyncEngine.unsupportedReason(workload, probe(binding), options.dbClass());
      engine = whyNot == null ? RunOptions.Engine.ASYNC : RunOptions.Engine.SYNC;
      err.println("runner.engine=auto: " + (whyNot == null
          ? "async, the binding's asynchronous interface"
          : "sync, one thread per client (" + whyNot.replaceFirst("^runner\\.engine=async ", "the async engine ")
              .replace(": use runner.engine=sync", "") + ")"));
    }
    props.setProperty(RunOptions.ENGINE, engine.name().toLowerCase(java.util.Locale.ROOT));
    return engine;
  }

  /** The load's shape: {@code -threads} cut to the operation count, as the engines cut it, and the binding's connections. */
  private static LoadShape shapeOf(RunOptions.Engine engine, RunOptions options, BindingClass binding) {
    int clients = options.logicalClients();
    boolean async = engine == RunOptions.Engine.ASYNC;
    return LoadShape.of(async ? "async" : "sync", clients, async ? AsyncEngine.threads(options, clients) : clients,
        probe(binding));
  }

  /** An instance with its properties set, never initialised, to ask what it supports; null if it cannot be made. */
  private static site.ycsb.DB probe(BindingClass binding) {
    try {
      return binding.get();
    } catch (RuntimeException e) {
      return null;
    }
  }

  private void initWorkload(Workload workload) throws WorkloadException {
    // As upstream: reassure the user if initialisation takes more than two seconds.
    Thread warning = new Thread(() -> {
      try {
        Thread.sleep(2000);
        err.println(" (might take a few minutes for large data sets)");
      } catch (InterruptedException ignored) {
        // initialisation finished first
      }
    }, "ycsb-init-warning");
    warning.setDaemon(true);
    warning.start();
    try {
      workload.init(props);
    } finally {
      warning.interrupt();
    }
    if (workload instanceof LongCoreWorkload core) {
      core.startupNotes().forEach(err::println);
    }
  }

  /** Checks before the run that the report can be written, so that it is never lost at the end. */
  private static void checkExportFile(String exportFile) {
    if (exportFile == null) {
      return;
    }
    boolean ok;
    try {
      Path file = Path.of(exportFile);
      Path parent = file.toAbsolutePath().getParent();
      ok = !exportFile.isEmpty() && !Files.isDirectory(file) && OutputDirectory.isWritable(parent)
          && (!Files.exists(file) || Files.isWritable(file));
    } catch (java.nio.file.InvalidPathException e) {
      ok = false;
    }
    if (!ok) {
      throw PropertyException.badValue(RunOptions.EXPORT_FILE, exportFile,
          "a writable file path in an existing directory");
    }
  }

  /** The [BOTTLENECK] section, from the report in the text format with the other added sections. */
  private static ResultSection bottleneck(byte[] textReport, List<ResultSection> sections, MeasurementRegistry registry)
      throws IOException {
    String report = new String(ExtraSections.appendTo(textReport, ExtraSections.Format.TEXT, sections),
        java.nio.charset.StandardCharsets.UTF_8);
    ReportInputs.Latencies latencies = switch (registry.options().interval()) {
      case INTENDED -> ReportInputs.Latencies.INTENDED;
      case BOTH -> ReportInputs.Latencies.BOTH;
      default -> ReportInputs.Latencies.MEASURED;
    };
    BottleneckInputs in = ReportInputs.of(ReportLines.parse(report).sections(), registry.bindingSections(), latencies);
    return BottleneckSection.of(BottleneckRules.judge(in), in);
  }

  private void writeReport(ExporterFactory factory, RunOptions options, Workload workload, RunResult result,
                           JvmStats jvm, MeasurementRegistry registry, ClientResultWriter resultFiles,
                           ResultSection client) throws IOException {
    // The report is small: it is built in memory so that bindings' sections can join it in the
    // exporter's own format, and so that standard output is never closed by an exporter.
    ByteArrayOutputStream report = new ByteArrayOutputStream(8192);
    MeasurementsExporter exporter = factory.open(report);
    ExtraSections.Format format = ExtraSections.Format.of(exporter.getClass());
    List<ResultSection> sections = new java.util.ArrayList<>();
    sections.add(client);
    sections.addAll(extra);
    ResultSection schedule = registry.sendLateness().section();
    if (schedule != null) {
      sections.add(schedule);
    }
    if (options.profile() != null) {
      sections.add(ProfileSection.of(options.profile(), registry.sendLateness().late(),
          registry.sendLateness().dropped()));
    }
    sections.addAll(ResultSections.published());
    if (workload instanceof TemplateWorkload templates) {
      ResultSection commands = CommandRates.section(templates.batchSizes(), registry.returnCodes(),
          result.runtimeMillis());
      if (commands != null) {
        sections.add(commands);
      }
    }
    // a copy in the text format, whatever the exporter: the verdict is read from it, and with
    // result files it goes to the client's report.txt
    ByteArrayOutputStream textCopy = new ByteArrayOutputStream(8192);
    MeasurementsExporter text = new TextMeasurementsExporter(textCopy);
    try {
      MeasurementsExporter both = new TeeExporter(exporter, text);
      ResultReport.write(both, result.operations(), result.runtimeMillis(), result.gcBefore(), jvm,
          result.warmup(), registry);
      if (!(workload instanceof LongCoreWorkload)) {
        // what a third-party workload timed itself (e.g. READ-MODIFY-WRITE of upstream's workload)
        Measurements.getMeasurements().exportMeasurements(both);
      }
      text.close(); // flushed: the copy is complete
      sections.add(bottleneck(textCopy.toByteArray(), sections, registry));
      ExtraSections.writeThrough(format, exporter, sections);
    } finally {
      exporter.close();
      text.close();
    }
    if (resultFiles != null) {
      resultFiles.writeReport(ExtraSections.appendTo(textCopy.toByteArray(), ExtraSections.Format.TEXT, sections));
    }
    byte[] bytes = ExtraSections.appendTo(report.toByteArray(), format, sections);
    if (options.exportFile() == null) {
      out.write(bytes, 0, bytes.length);
      out.flush();
    } else {
      Files.write(Path.of(options.exportFile()), bytes);
    }
  }
}
