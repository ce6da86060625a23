package io.github.ycsbtiers.tiered.powerloss;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.powercut.PowerCutFs;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.SyncMode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Power loss, on both media: a child JVM writes through the binding (Load, updates of whole
 * records and of some fields, deletes) to a store on a {@link PowerCutFs} mount, which keeps
 * every write not yet synced in memory; the child is killed at a random point and the power is
 * cut, losing every byte not synced (or, in later rounds, all but a random part of them, as a
 * kernel's writeback in any order might have written); after a remount the reopened store must hold every
 * acknowledged write with its acknowledged value, and no acknowledged delete may come back.
 * {@code tiered.sync=always} must pass that; {@code none} promises only to survive the process's
 * death, which is tested as such, and its loss of acknowledged writes in a power cut is asserted,
 * which shows that the check can fail ({@link PowerLossMutationIT}: also when the store skips its
 * syncs, or the file system ignores directory syncs). {@code periodic} has its own test,
 * {@link PeriodicPowerLossIT}. {@code -Dpowerloss.seed=N} replays a run's random points.
 */
class PowerLossIT {
  private static final int ROUNDS = 3;
  private static final long SEED = PowerLossRig.SEED;
  private static final int KEYS = PowerLossRig.THREADS * PowerLossRig.KEYS_PER_THREAD;

  private PowerLossRig rig;

  @BeforeEach
  void mount() throws IOException {
    rig = new PowerLossRig(PowerLossRig.Mutation.NONE);
  }

  @AfterEach
  void cleanUp() throws InterruptedException {
    rig.close();
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Medium.class)
  void syncAlwaysKeepsEveryAcknowledgedWriteThroughPowerCuts(Medium medium) throws Exception {
    Random random = new Random(SEED + medium.ordinal());
    Map<String, String> known = Map.of();
    for (int round = 0; round < ROUNDS; round++) {
      // the first cut lands in the Load and loses every unsynced byte; the others land among
      // updates and deletes and let a random part of the unsynced pages reach the medium
      long afterAcks = round == 0 ? 1 + random.nextInt(KEYS - 1) : -1;
      int keepPermille = round == 0 ? 0 : round == 1 ? 500 : 1 + random.nextInt(999);
      // at least 150 ms among updates and deletes, so that each kind of write is acknowledged
      PowerLossRig.Round r = rig.round(medium, SyncMode.ALWAYS, round, known, afterAcks, 150 + random.nextInt(850),
          keepPermille, random.nextLong());
      assertTrue(r.verdict().holds(), r.where() + ", " + r.log().acks() + " writes acknowledged: " + r.verdict().describe());
      // msync (pmem) and fsync (disk) reached the file system's sync, and it persisted data
      assertTrue(r.stats().fsyncs() > 0 && r.stats().persistedBytes() > 0, r.where() + ": " + r.stats());
      if (round > 0) {
        for (String kind : List.of("update", "update-some", "delete")) {
          assertTrue(r.log().kinds().getOrDefault(kind, 0L) > 0, r.where() + ": no " + kind + " acknowledged");
        }
      }
      System.out.printf("%s: acknowledged %s, %d in flight; after the cut all %d keys as acknowledged; %s%s%n",
          r.where(), r.log().kinds(), r.log().pending().size(), r.verdict().checked(), r.stats(), r.cut());
      known = r.verdict().found();
    }
  }

  /**
   * The power goes inside a sync: the file system persists a random part of the pages that sync
   * was writing (whole pages, or 512-byte sectors: torn pages) and dies before the sync returns, so
   * the writes waiting on it are never acknowledged. Every acknowledged write must survive, and the
   * writes of the interrupted sync may land or not, each as a whole.
   */
  @ParameterizedTest(name = "{0}")
  @EnumSource(Medium.class)
  void cutsDuringASyncLoseNoAcknowledgedWrite(Medium medium) throws Exception {
    Random random = new Random(SEED + 50 + medium.ordinal());
    Map<String, String> known = Map.of();
    for (int round = 0; round < ROUNDS; round++) {
      int unit = round == 1 ? PowerCutFs.SECTOR_BYTES : PowerCutFs.PAGE_BYTES;
      PowerLossRig.Round r = rig.roundCutInSync(medium, round, known, 1 + random.nextInt(200),
          1 + random.nextInt(999), random.nextLong(), unit);
      assertTrue(r.verdict().holds(), r.where() + ", " + r.log().acks() + " writes acknowledged: " + r.verdict().describe());
      System.out.printf("%s: acknowledged %s, %d in flight; after the cut all %d keys as acknowledged%s%n",
          r.where(), r.log().kinds(), r.log().pending().size(), r.verdict().checked(), r.cut());
      known = r.verdict().found();
    }
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Medium.class)
  void syncNoneLosesAcknowledgedWritesInAPowerCut(Medium medium) throws Exception {
    Random random = new Random(SEED + 10 + medium.ordinal());
    // a durable Load first, so that what sync=none then loses shows as updates and deletes undone
    PowerLossRig.Round durable = rig.round(medium, SyncMode.ALWAYS, 0, Map.of(), -1, random.nextInt(300), 0, 0);
    assertTrue(durable.verdict().holds(), durable.where() + ": " + durable.verdict().describe());
    PowerLossRig.Round r = rig.round(medium, SyncMode.NONE, 1, durable.verdict().found(), -1,
        200 + random.nextInt(600), 0, 0);
    DurabilityCheck.Verdict v = r.verdict();
    assertFalse(v.holds(), r.where() + ": the power cut lost none of " + r.log().acks() + " acknowledged unsynced "
        + "writes, so the test could not tell sync=always from none");
    assertTrue(v.stale() > 0 && v.resurrected() > 0, r.where() + ", acknowledged " + r.log().kinds()
        + ": expected lost updates and deletes: " + v.describe());
    System.out.printf("%s: acknowledged %s; the cut undid them: %s%n", r.where(), r.log().kinds(), v.describe());
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Medium.class)
  void syncNoneKeepsEveryAcknowledgedWriteWhenOnlyTheProcessDies(Medium medium) throws Exception {
    Random random = new Random(SEED + 20 + medium.ordinal());
    PowerLossRig.Round r = rig.round(medium, SyncMode.NONE, 0, Map.of(), -1, random.nextInt(800), -1, 0);
    assertTrue(r.verdict().holds(), r.where() + ", " + r.log().acks() + " writes acknowledged: " + r.verdict().describe());
    System.out.printf("%s: acknowledged %s, all %d keys as acknowledged%n", r.where(), r.log().kinds(),
        r.verdict().checked());
  }
}
