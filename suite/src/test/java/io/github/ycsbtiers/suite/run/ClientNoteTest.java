package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The summary's per-target note on the load's shape, the client's cost and, under -target, its lateness. */
class ClientNoteTest {
  private static final String CLIENT = String.join("\n",
      "[CLIENT], Engine, async",
      "[CLIENT], LogicalClients, 8",
      "[CLIENT], EngineThreads, 2",
      "[CLIENT], ConnectionsPerServer, 8",
      "[CLIENT], InFlightPerConnection, 1.0",
      "[CLIENT], CpuTime(ms), 9000",
      "[CLIENT], CpuPerOperation(us), %s",
      "[CLIENT], CoresUsed, %s",
      "[CLIENT], CoresAvailable, 2");

  private static YcsbOutput phase(String cpuPerOp, String cores, String lateP99) {
    String text = String.format(CLIENT, cpuPerOp, cores);
    if (lateP99 != null) {
      text += "\n[SCHEDULE], ScheduledOperations, 50000\n[SCHEDULE], 99thPercentileSendLateness(us), " + lateP99;
    }
    return YcsbOutput.parse(text + "\n");
  }

  @Test
  void unthrottledPhasesGiveTheShapeAndTheCost() {
    ClientNote note = new ClientNote();
    note.add("redis", phase("8.1", "0.95", null));
    note.add("redis", phase("9.6", "1.1", null));
    assertEquals(List.of("redis: 8 logical clients on 8 connections per server, 1 in flight per connection "
        + "(runner.engine=async on 2 threads); client CPU 8.1-9.6 us per operation, at most 1.10 of 2 cores"), note.lines());
  }

  @Test
  void throttledPhasesAddTheHighestSendLatenessAtP99() {
    ClientNote note = new ClientNote();
    note.add("redis", phase("8.1", "0.95", null));
    note.add("redis", phase("17.2", "0.9", "2113"));
    note.add("redis", phase("16.4", "0.8", "457"));
    note.add("pmem", phase("3.0", "1.2", "0"));
    assertEquals(List.of(
        "redis: 8 logical clients on 8 connections per server, 1 in flight per connection (runner.engine=async on "
            + "2 threads); client CPU 8.1-17.2 us per operation, at most 0.95 of 2 cores; under -target sent up to "
            + "2,113 us late at p99",
        "pmem: 8 logical clients on 8 connections per server, 1 in flight per connection (runner.engine=async on "
            + "2 threads); client CPU 3.0 us per operation, at most 1.20 of 2 cores; under -target sent up to 0 us "
            + "late at p99"), note.lines());
  }

  @Test
  void anEmbeddedStoreCalledByMoreThreadsThanCoresIsSaidToHaveTheSchedulerInItsTail() {
    ClientNote note = new ClientNote();
    String tier = "\n[TIER], StoreLoops, %s\n[TIER], StoreCallingThreads, %s\n[TIER], Cores, 2\n";
    note.add("pmem", YcsbOutput.parse(String.format(CLIENT, "3.0", "1.2") + String.format(tier, "0", "8")));
    note.add("pmem", YcsbOutput.parse(String.format(CLIENT, "3.0", "1.2") + String.format(tier, "0", "2")));
    note.add("disk", YcsbOutput.parse(String.format(CLIENT, "3.0", "1.2") + String.format(tier, "2", "0")));
    assertEquals(List.of(
        "pmem: 8 logical clients on 8 connections per server, 1 in flight per connection (runner.engine=async on "
            + "2 threads); client CPU 3.0 us per operation, at most 1.20 of 2 cores; store operations ran on 8 "
            + "calling threads on 2 cores: latencies above the p99 may include the scheduler's time slices",
        "disk: 8 logical clients on 8 connections per server, 1 in flight per connection (runner.engine=async on "
            + "2 threads); client CPU 3.0 us per operation, at most 1.20 of 2 cores"), note.lines());
  }
}
