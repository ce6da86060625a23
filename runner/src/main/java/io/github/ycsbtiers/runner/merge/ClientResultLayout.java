package io.github.ycsbtiers.runner.merge;

import java.util.List;

/**
 * The result directory of one client: what a run with {@code hdrhistogram.fileoutput=true} and
 * {@code hdrhistogram.output.path=PREFIX} writes, and what {@code bin/ycsb merge} reads.
 *
 * <pre>
 * PREFIX + SECTION.hdr       one HdrHistogram interval log per report section (READ, INSERT,
 *                            READ-FAILED, Intended-READ, ...), latencies in microseconds, one
 *                            interval per status interval plus a last one at the end of the run;
 *                            written by YCSB core's recorder (upstream's format and names)
 * PREFIX + report.txt        the client's report in the text exporter's format, whatever
 *                            exporter and exportfile the run used (an addition)
 * PREFIX + client.properties what ran: the phase, the workload's identifying properties, the
 *                            whole load range, client.count, client.index, client.seed (empty
 *                            when not given; client.seed.drawn then holds the one drawn) and
 *                            the client's derived seed;
 *                            written last, so its presence means the client finished (an addition)
 * timeline.jsonl             the client's timeline, when run with timeline.file=DIR/timeline.jsonl
 *                            (the name merge's -p timeline.file looks for; an addition)
 * </pre>
 *
 * With {@code hdrhistogram.output.path=DIR/} (a trailing slash) the prefix is the directory
 * itself: {@code DIR/READ.hdr}, {@code DIR/report.txt}, {@code DIR/client.properties}.
 */
public final class ClientResultLayout {
  public static final String REPORT = "report.txt";
  public static final String CLIENT = "client.properties";
  public static final String LOG_SUFFIX = ".hdr";
  /** The client's timeline, when it was run with {@code -p timeline.file=DIR/timeline.jsonl}: what merge's {@code timeline.file} adds up. */
  public static final String TIMELINE = "timeline.jsonl";

  /** Keys of client.properties that are not workload properties. */
  public static final String PHASE = "phase";
  public static final String SEED = "client.seed.derived";
  /** The base seed a client drew when {@code client.seed} was not given ({@code client.seed} is then empty). */
  public static final String DRAWN_SEED = "client.seed.drawn";
  public static final String COMPLETED = "completed";
  /**
   * Latency sections a binding recorded itself (the tiered store's READ-DRAM, READ-PERSISTENT),
   * comma-separated: merged as sections, never counted as operations.
   */
  public static final String BINDING_SECTIONS = "binding.sections";

  /**
   * The properties that must be equal in every client of one merge: they make the workload (and a
   * rate profile is the run's, shared from one start).
   * {@code insertstart} and {@code insertcount} are the whole range before the split.
   * {@code operationcount}, {@code threadcount} and {@code target} are recorded too but may differ:
   * a client's share of the work is its own.
   */
  public static final List<String> IDENTITY = List.of(
      PHASE, "db", "workload", "recordcount", "insertstart", "insertcount", "table",
      "fieldcount", "fieldlength", "fieldlengthdistribution", "readproportion", "updateproportion",
      "insertproportion", "scanproportion", "readmodifywriteproportion", "requestdistribution", "insertorder",
      "measurementtype", "measurement.interval", "hdrhistogram.percentiles", "client.count", "client.seed",
      "target.profile", "target.profile.start");

  /** Recorded per client, not compared. */
  public static final List<String> PER_CLIENT = List.of("operationcount", "threadcount", "target");

  private ClientResultLayout() {
  }
}
