package io.github.ycsbtiers.runner.workload.template;

import io.github.ycsbtiers.api.BatchMode;
import io.github.ycsbtiers.api.CommandDb;
import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.runner.config.ClientOptions;
import io.github.ycsbtiers.runner.config.ConfigException;
import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * The template workload ({@code workload=io.github.ycsbtiers.runner.workload.template.TemplateWorkload}):
 * the Load writes every key of every keyspace (SET, or HSET of its fields); the run picks a
 * keyspace by share, then one of its templates by proportion, and sends one command or one batch.
 * Runs on this project's engines only (both {@code sync} and {@code async}), which send its
 * {@link CommandOp}s through the binding's {@link CommandDb}; upstream's client cannot (its
 * {@link #doInsert}/{@link #doTransaction} end the thread). All methods but {@link #init} are
 * thread-safe.
 *
 * <p>Every draw (keyspace, template, key, {@code __RAND__}, value) comes from the
 * {@link WorkloadRandom} of the client's {@link CommandOp}, seeded as the core workload's: the
 * same {@code client.seed}, {@code client.index} and client number give the same sequence.
 */
public class TemplateWorkload extends Workload {
  /** Section of every template's operations together (the suite's and the overall p99 and p99.99). */
  public static final String TOTAL = "TOTAL";
  private static final String INSERT = "INSERT";

  private TemplateOptions options;
  private Keyspace[] keyspaces;
  private CommandBuilder[] builders;
  private String[][] sections;
  private String[][] loadSections;
  private long[] loadEnds;
  private double[] keyspaceShares;
  private int[][] templatesOf;
  private double[][] proportionsOf;
  private AtomicLong loadKeys;
  private long clientSeed;

  @Override
  public void init(Properties p) throws WorkloadException {
    try {
      options = TemplateOptions.fromProperties(p);
      clientSeed = ClientOptions.fromProperties(p, System.getenv()).seed();
    } catch (PropertyException e) {
      throw new WorkloadException(e.getMessage(), e);
    }
    List<KeyspaceSpec> ks = options.keyspaces();
    List<TemplateSpec> ts = options.templates();
    boolean severalKeyspaces = ks.size() > 1;
    keyspaces = new Keyspace[ks.size()];
    loadSections = new String[ks.size()][];
    loadEnds = new long[ks.size()];
    long end = 0;
    for (int i = 0; i < keyspaces.length; i++) {
      keyspaces[i] = new Keyspace(ks.get(i));
      loadSections[i] = severalKeyspaces ? new String[] {INSERT, ks.get(i).section()} : new String[] {INSERT};
      end += ks.get(i).keys();
      loadEnds[i] = end;
    }
    builders = new CommandBuilder[ts.size()];
    sections = new String[ts.size()][];
    for (int t = 0; t < builders.length; t++) {
      TemplateSpec spec = ts.get(t);
      builders[t] = new CommandBuilder(spec, keyspaces[spec.keyspace()], options);
      List<String> names = new ArrayList<>(List.of(spec.section()));
      if (severalKeyspaces) {
        names.add(ks.get(spec.keyspace()).section());
      }
      if (ts.size() > 1 && spec.commandSection() != null && !names.contains(spec.commandSection())) {
        names.add(spec.commandSection());
      }
      names.add(TOTAL);
      sections[t] = names.toArray(new String[0]);
    }
    choices(ks, ts);
    loadKeys = new AtomicLong(options.loadStart());
  }

  private void choices(List<KeyspaceSpec> ks, List<TemplateSpec> ts) {
    keyspaceShares = new double[ks.size()];
    templatesOf = new int[ks.size()][];
    proportionsOf = new double[ks.size()][];
    for (int k = 0; k < ks.size(); k++) {
      List<Integer> mine = new ArrayList<>();
      double sum = 0;
      for (int t = 0; t < ts.size(); t++) {
        if (ts.get(t).keyspace() == k && ts.get(t).proportion() > 0) {
          mine.add(t);
          sum += ts.get(t).proportion();
        }
      }
      keyspaceShares[k] = sum > 0 ? (ks.size() == 1 ? 1 : ks.get(k).share()) : 0;
      templatesOf[k] = mine.stream().mapToInt(Integer::intValue).toArray();
      proportionsOf[k] = mine.stream().mapToDouble(t -> ts.get(t).proportion()).toArray();
    }
  }

  /** The per-thread {@link CommandOp} that the engines refill, seeded for thread {@code threadId}. */
  @Override
  public Object initThread(Properties p, int threadId, int threadCount) {
    return newOperation(threadId);
  }

  /**
   * The operation that logical client {@code clientId} refills for every operation, with its
   * random stream: {@link WorkloadRandom#forThread} of this client's seed and {@code clientId}, as
   * the core workload's. Call after {@link #init}.
   */
  public CommandOp newOperation(int clientId) {
    return new CommandOp(WorkloadRandom.forThread(clientSeed, clientId));
  }

  public TemplateOptions options() {
    return options;
  }

  /** Fills {@code op} with the next Load command: keys numbered from insertstart over every keyspace in order. */
  public void nextInsert(CommandOp op) {
    long n = loadKeys.getAndIncrement();
    int k = 0;
    while (k < loadEnds.length - 1 && n >= loadEnds[k]) {
      k++;
    }
    long first = loadEnds[k] - keyspaces[k].spec().keys();
    op.reset(1, null, loadSections[k]);
    op.add(keyspaces[k].loadCommand(n - first, op.random()));
  }

  /** Fills {@code op} with the next run-phase command or batch. */
  public void nextTransaction(CommandOp op) {
    WorkloadRandom random = op.random();
    int k = pick(keyspaceShares, random);
    int t = templatesOf[k][pick(proportionsOf[k], random)];
    CommandBuilder b = builders[t];
    TemplateSpec spec = b.spec();
    int size = spec.batchSize();
    boolean batch = size > 1 || spec.mode() == BatchMode.MULTI;
    op.reset(size, batch ? spec.mode() : null, sections[t]);
    byte[] key = batch && spec.sameKey() && spec.arguments().size() > 1 ? b.keyArgument(random) : null;
    for (int i = 0; i < size; i++) {
      op.add(b.build(key, random));
    }
  }

  private static int pick(double[] weights, WorkloadRandom random) {
    if (weights.length == 1) {
      return 0;
    }
    double sum = 0;
    for (double w : weights) {
      sum += w;
    }
    double r = random.nextDouble() * sum;
    for (int i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0 && weights[i] > 0) {
        return i;
      }
    }
    for (int i = weights.length - 1; i >= 0; i--) {
      if (weights[i] > 0) {
        return i;
      }
    }
    return 0;
  }

  /**
   * Refuses, before any connection, a binding that cannot run these templates: one without
   * {@link CommandDb}, or a batch whose keys may hash to several slots on a binding that routes
   * by slot (Redis Cluster).
   *
   * @param probe an instance with its properties set, not initialised; null if none could be made
   * @throws PropertyException naming the property and what is allowed
   */
  public void checkBinding(DB probe, String dbClass) {
    if (probe == null) {
      return;
    }
    if (!(probe instanceof CommandDb commands)) {
      throw PropertyException.badValue("workload", getClass().getName(), "a workload of YCSB operations with binding "
          + dbClass + ", which has no commands (" + CommandDb.class.getName() + "); the template workload needs a "
          + "Redis-compatible target (binding redis)");
    }
    String reason = commands.commandsUnsupportedReason();
    if (reason != null) {
      throw new ConfigException("binding " + dbClass + " cannot run command templates: " + reason);
    }
    if (!commands.routesBySlot()) {
      return;
    }
    for (TemplateSpec t : options.templates()) {
      if (t.batchSize() > 1 && t.arguments().size() > 1 && !t.sameKey() && t.arguments().get(1).literal() == null
          && t.arguments().get(1).fixedHashTag() == null) {
        throw PropertyException.badValue("template." + t.name() + ".batch.key", "each", "same on a Redis Cluster: "
            + "a batch of " + t.batchSize() + " commands '" + t.command() + "' with a key each spans several slots, "
            + "which a Cluster refuses; set same (one key per batch) or give the key a fixed hash tag ({tag}...)");
      }
    }
  }

  /** Commands per operation of each template's section, for the report's commands/s. */
  public java.util.Map<String, Integer> batchSizes() {
    java.util.Map<String, Integer> sizes = new java.util.LinkedHashMap<>();
    for (TemplateSpec t : options.templates()) {
      sizes.put(t.section(), t.batchSize());
    }
    return sizes;
  }

  /** Upstream's client sends operations through its own DB wrapper, which has no commands: refused. */
  @Override
  public boolean doInsert(DB db, Object threadState) {
    return false;
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    return false;
  }
}
