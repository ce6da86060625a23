package io.github.ycsbtiers.tiered.powerloss;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.SyncMode;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Mutation tests of {@link PowerLossIT}: the store or the file system broken on purpose, the same
 * round (a Load under {@code sync=always}, the worker killed after a quarter to a half of it was
 * acknowledged, a power cut losing every unsynced byte) must fail the check with acknowledged
 * records missing. Without that, PowerLossIT passing would not show that the store syncs.
 */
class PowerLossMutationIT {
  private static final int KEYS = PowerLossRig.THREADS * PowerLossRig.KEYS_PER_THREAD;

  @ParameterizedTest(name = "{0}")
  @EnumSource(Medium.class)
  void withoutItsSyncsTheStoreLosesAcknowledgedWrites(Medium medium) throws Exception {
    try (PowerLossRig rig = new PowerLossRig(PowerLossRig.Mutation.STORE_SKIPS_SYNC)) {
      PowerLossRig.Round r = cutInTheLoad(rig, medium, 30);
      assertFalse(r.verdict().holds(), r.where() + ": the check passed although the store skipped its syncs ("
          + r.log().acks() + " writes acknowledged, " + r.stats() + ")");
      assertTrue(r.verdict().lost() > 0, r.where() + ": " + r.verdict().describe());
      System.out.printf("%s: acknowledged %s; the check failed: %s%n", r.where(), r.log().kinds(),
          r.verdict().describe());
    }
  }

  /** The store syncs the parent of its directory (and LMDB's directory; RocksDB syncs its own). */
  @ParameterizedTest(name = "{0}")
  @EnumSource(Medium.class)
  void withDirectorySyncsIgnoredTheStoreLosesAcknowledgedWrites(Medium medium) throws Exception {
    try (PowerLossRig rig = new PowerLossRig(PowerLossRig.Mutation.DIRECTORY_SYNCS_IGNORED)) {
      PowerLossRig.Round r = cutInTheLoad(rig, medium, 40);
      assertTrue(r.stats().dirSyncs() > 0, r.where() + ": the store synced no directory: " + r.stats());
      assertFalse(r.verdict().holds(), r.where() + ": the check passed although directory syncs were ignored ("
          + r.log().acks() + " writes acknowledged, " + r.stats() + ")");
      assertTrue(r.verdict().lost() > 0, r.where() + ": " + r.verdict().describe());
      System.out.printf("%s: acknowledged %s, %s; the check failed: %s%n", r.where(), r.log().kinds(), r.stats(),
          r.verdict().describe());
    }
  }

  /**
   * RocksDB's own directory syncs: with the store's directory durable beforehand, only they are
   * left, and ignoring them undoes the rename that made its CURRENT file (RocksDB then takes the
   * store for a new one and refuses to open over the old write-ahead log).
   */
  @Test
  void withDirectorySyncsIgnoredRocksDbLosesAcknowledgedWrites() throws Exception {
    try (PowerLossRig rig = new PowerLossRig(PowerLossRig.Mutation.DIRECTORY_SYNCS_IGNORED)) {
      rig.makeStoreDirectoryDurable();
      PowerLossRig.Round r = cutInTheLoad(rig, Medium.DISK, 50);
      assertFalse(r.verdict().holds(), r.where() + ": the check passed although RocksDB's directory syncs were "
          + "ignored (" + r.log().acks() + " writes acknowledged, " + r.stats() + ")");
      assertTrue(r.verdict().lost() > 0, r.where() + ": " + r.verdict().describe());
      System.out.printf("%s, store directory durable beforehand: acknowledged %s, %s; the check failed: %s%n",
          r.where(), r.log().kinds(), r.stats(), r.verdict().describe());
    }
  }

  private static PowerLossRig.Round cutInTheLoad(PowerLossRig rig, Medium medium, int salt) throws Exception {
    Random random = new Random(PowerLossRig.SEED + salt + medium.ordinal());
    return rig.round(medium, SyncMode.ALWAYS, 0, Map.of(), KEYS / 4 + random.nextInt(KEYS / 4), 0, 0, 0);
  }
}
