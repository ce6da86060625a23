package io.github.ycsbtiers.runner.bottleneck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.ResourceFigures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each rule at, just below and above its threshold, and how rules reached together are weighed. */
class BottleneckRulesTest {
  private static BottleneckInputs.Builder client(int cores, double used, int clients) {
    return BottleneckInputs.builder().client(cores, used, clients);
  }

  private static Verdict judge(BottleneckInputs.Builder b) {
    return BottleneckRules.judge(b.build());
  }

  @Test
  void clientCpuAtEightyPercentOfItsCoresIsClientBound() {
    Verdict v = judge(client(2, 1.6, 32));
    assertEquals(Verdict.Kind.CLIENT, v.kind());
    assertEquals(Verdict.Rule.CLIENT_CPU, v.rule());
    assertEquals("the client's process used 1.60 of its 2 cores (80%: at least 80%)", v.reason());
    assertEquals(Verdict.Rule.NONE, judge(client(2, 1.59, 32)).rule());
    assertEquals(Verdict.Rule.CLIENT_CPU, judge(client(1, 0.97, 64)).rule());
  }

  @Test
  void unknownFiguresReachNoRule() {
    Verdict v = judge(BottleneckInputs.builder());
    assertEquals(Verdict.Kind.NONE, v.kind());
    assertEquals("none found", v.kind().label());
    assertTrue(v.alsoReached().isEmpty());
    // cores unknown: no share, whatever the process used
    assertEquals(Verdict.Rule.NONE, judge(client(0, 5, 8)).rule());
  }

  @Test
  void serverThreadNearOneCoreIsServerBound() {
    Verdict v = judge(client(1, 0.5, 32).serverThread(0.9, ResourceFigures.MAIN_THREAD));
    assertEquals(Verdict.Kind.SERVER, v.kind());
    assertEquals(Verdict.Rule.SERVER_THREAD, v.rule());
    assertEquals("the server's busiest main thread used 0.90 of a core (at least 0.90)", v.reason());
    assertEquals(Verdict.Rule.NONE, judge(client(1, 0.5, 32).serverThread(0.899, ResourceFigures.MAIN_THREAD)).rule());
    assertTrue(judge(client(1, 0.5, 32).serverThread(0.95, ResourceFigures.PROCESS)).reason()
        .contains("process (taken as one thread"));
  }

  @Test
  void clientCpuAndServerThreadBothReachedTheHigherUtilisationDecides() {
    Verdict server = judge(client(1, 0.85, 32).serverThread(0.97, ResourceFigures.MAIN_THREAD));
    assertEquals(Verdict.Rule.SERVER_THREAD, server.rule());
    assertEquals(List.of(Verdict.Rule.CLIENT_CPU), server.alsoReached());
    Verdict client = judge(client(1, 0.99, 32).serverThread(0.92, ResourceFigures.MAIN_THREAD));
    assertEquals(Verdict.Rule.CLIENT_CPU, client.rule());
    assertEquals(List.of(Verdict.Rule.SERVER_THREAD), client.alsoReached());
    // a tie goes to the client
    assertEquals(Verdict.Rule.CLIENT_CPU, judge(client(2, 1.9, 32).serverThread(0.95, null)).rule());
  }

  @Test
  void anEmbeddedStoreThatUsedMostOfTheSaturatedCoresIsServerBound() {
    Verdict v = judge(client(2, 1.9, 32).store(1.2));
    assertEquals(Verdict.Rule.STORE_CPU, v.rule());
    assertEquals(Verdict.Kind.SERVER, v.kind());
    assertTrue(v.reason().endsWith(": 1.20 by the embedded store's threads and 0.70 by the client's"), v.reason());
    // the client's own threads used more: client-bound; equal shares go to the client
    assertEquals(Verdict.Rule.CLIENT_CPU, judge(client(2, 1.9, 32).store(0.7)).rule());
    assertEquals(Verdict.Rule.CLIENT_CPU, judge(client(2, 1.9, 32).store(0.95)).rule());
    // below the share the store's threads decide nothing, however much of the process they are
    assertEquals(Verdict.Rule.NONE, judge(client(2, 1.5, 32).store(1.4)).rule());
  }

  @Test
  void aDeviceHoldingHalfTheClientsOperationsIsDeviceBoundWhateverElseIsBusy() {
    Verdict v = judge(client(2, 1.95, 32).store(0.9).serverThread(0.93, ResourceFigures.STORE_LOOP)
        .device("vda (254:0)", 1.0, 16.0));
    assertEquals(Verdict.Rule.DEVICE_QUEUE, v.rule());
    assertEquals(Verdict.Kind.DEVICE, v.kind());
    assertEquals("the device vda (254:0) held 16.0 requests in flight on average: 50% of the 32 clients' operations"
        + " (at least 50%)", v.reason());
    assertEquals(List.of(Verdict.Rule.CLIENT_CPU, Verdict.Rule.SERVER_THREAD, Verdict.Rule.DEVICE_BUSY),
        v.alsoReached());
    assertFalse(judge(client(2, 0.5, 32).device("vda", 0.5, 15.9)).kind() == Verdict.Kind.DEVICE);
    // no clients known: no share
    assertEquals(Verdict.Rule.NONE, judge(client(2, 0.5, 0).device("vda", 0.5, 40)).rule());
  }

  @Test
  void aBusyDeviceIsDeviceBoundOnlyWhenNoCpuRuleIsReached() {
    Verdict busy = judge(client(2, 1.0, 32).device("vda", 0.9, 3));
    assertEquals(Verdict.Rule.DEVICE_BUSY, busy.rule());
    assertEquals("the device vda had a request in flight 90% of the time (at least 90%)", busy.reason());
    assertEquals(Verdict.Rule.NONE, judge(client(2, 1.0, 32).device("vda", 0.899, 3)).rule());
    Verdict cpu = judge(client(2, 1.8, 32).device(null, 0.99, 3));
    assertEquals(Verdict.Rule.CLIENT_CPU, cpu.rule());
    assertEquals(List.of(Verdict.Rule.DEVICE_BUSY), cpu.alsoReached());
  }

  @Test
  void sendLatenessOfHalfTheIntendedLatencyIsClientBoundWhenNothingIsSaturated() {
    Verdict v = judge(client(2, 0.4, 8).schedule(500, 1000));
    assertEquals(Verdict.Rule.SEND_LATENESS, v.rule());
    assertEquals(Verdict.Kind.CLIENT, v.kind());
    assertEquals("operations were sent 500 us late on average: 50% of their mean intended latency of 1000 us"
        + " (at least 50%)", v.reason());
    assertEquals(Verdict.Rule.NONE, judge(client(2, 0.4, 8).schedule(499, 1000)).rule());
    // a saturated server makes the clients late too: the server decides
    Verdict server = judge(client(2, 0.4, 8).schedule(900, 1000).serverThread(0.99, ResourceFigures.MAIN_THREAD));
    assertEquals(Verdict.Rule.SERVER_THREAD, server.rule());
    assertEquals(List.of(Verdict.Rule.SEND_LATENESS), server.alsoReached());
    // as does a busy device
    assertEquals(Verdict.Rule.DEVICE_BUSY, judge(client(2, 0.4, 8).schedule(900, 1000).device("sda", 0.95, 1)).rule());
  }

  @Test
  void reasonsHaveNoCommasSoTheyStayOneValueOfAReportLine() {
    BottleneckInputs all = client(2, 1.9, 32000).store(1.5).serverThread(1234.5, ResourceFigures.STORE_LOOP)
        .device("nvme0n1 (259:0)", 1, 12345.6).schedule(123456.7, 234567.8).build();
    for (Verdict.Rule r : Verdict.Rule.values()) {
      assertFalse(BottleneckRules.reason(r, all).contains(","), r + ": " + BottleneckRules.reason(r, all));
    }
  }
}
