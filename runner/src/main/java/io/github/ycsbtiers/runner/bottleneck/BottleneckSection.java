package io.github.ycsbtiers.runner.bottleneck;

import io.github.ycsbtiers.api.ResourceFigures;
import io.github.ycsbtiers.api.ResultSection;
import java.util.stream.Collectors;

/**
 * The report's {@code [BOTTLENECK]} section: the verdict, the rule that decided it, its reason,
 * the other rules reached, then every figure the rules had (those the run did not have are left
 * out):
 * <pre>
 * [BOTTLENECK], Verdict, client-bound
 * [BOTTLENECK], Rule, client-cpu
 * [BOTTLENECK], Reason, the client's process used 0.98 of its 1 cores (98%: at least 80%)
 * [BOTTLENECK], CoresAvailable, 1
 * [BOTTLENECK], ClientProcessCores, 0.98
 * [BOTTLENECK], LogicalClients, 64
 * [BOTTLENECK], ServerThreadCores, 0.41
 * [BOTTLENECK], ServerThread, main-thread
 * </pre>
 * {@code AlsoReached} (after {@code Reason}) lists the other rules reached, space-separated;
 * {@code StoreCpuCores} and {@code ClientOwnCores} (the process's less the store's) come with an
 * embedded store's threads, {@code Device}, {@code DeviceUtilisation} and {@code DeviceQueue} with
 * its device, {@code AverageSendLateness(us)}, {@code AverageIntendedLatency(us)} and
 * {@code SendLatenessShare} under {@code -target}.
 */
public final class BottleneckSection {
  public static final String NAME = "BOTTLENECK";
  public static final String VERDICT = "Verdict";

  private BottleneckSection() {
  }

  public static ResultSection of(Verdict v, BottleneckInputs in) {
    ResultSection.Builder b = ResultSection.builder(NAME).add(VERDICT, v.kind().label())
        .add("Rule", v.rule().label()).add("Reason", v.reason());
    if (!v.alsoReached().isEmpty()) {
      b.add("AlsoReached", v.alsoReached().stream().map(Verdict.Rule::label).collect(Collectors.joining(" ")));
    }
    b.add("CoresAvailable", (long) in.cores());
    number(b, "ClientProcessCores", in.processCores(), 3);
    if (in.storeInProcess()) {
      number(b, ResourceFigures.STORE_CPU_CORES, in.storeCpuCores(), 3);
      number(b, "ClientOwnCores", in.clientCores(), 3);
    }
    b.add("LogicalClients", (long) in.clients());
    number(b, ResourceFigures.SERVER_THREAD_CORES, in.serverThreadCores(), 3);
    if (in.serverThread() != null && !Double.isNaN(in.serverThreadCores())) {
      b.add(ResourceFigures.SERVER_THREAD, in.serverThread());
    }
    if (in.device() != null) {
      b.add(ResourceFigures.DEVICE, in.device());
    }
    number(b, ResourceFigures.DEVICE_UTILISATION, in.deviceUtilisation(), 3);
    number(b, ResourceFigures.DEVICE_QUEUE, in.deviceQueue(), 2);
    number(b, "AverageSendLateness(us)", in.sendLatenessMicros(), 3);
    number(b, "AverageIntendedLatency(us)", in.intendedMicros(), 3);
    number(b, "SendLatenessShare", in.latenessShare(), 3);
    return b.build();
  }

  private static void number(ResultSection.Builder b, String name, double value, int digits) {
    if (!Double.isNaN(value) && !Double.isInfinite(value)) {
      double scale = Math.pow(10, digits);
      b.add(name, Math.round(value * scale) / scale);
    }
  }
}
