package io.github.ycsbtiers.tiered.powerloss;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.SyncMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Power cuts while the engines reorganise their files, which {@link PowerLossIT}'s small store never
 * makes them do: on {@code disk} RocksDB with a 64 KiB write buffer, level-0 compaction at 2 files
 * and a 256 KiB level 1 ({@code tiered.rocksdb.*}), so that memtables flush and levels compact all
 * through the run; on {@code pmem} LMDB's map starting at 128 KiB, so that it doubles several
 * times during the Load. The worker prints the store's own figures as it goes (flush and
 * compaction bytes, map growths: {@link PowerLossWorker}), and each round must show that work
 * before its cut. Under {@code tiered.sync=always} every acknowledged write must survive every
 * cut; with the store's syncs skipped the same run must lose acknowledged writes, which shows the
 * check can fail here too.
 */
class BigPowerLossIT {
  private static final int ROUNDS = 3;
  private static final long SMALL_MAP_BYTES = 128L << 10;

  static List<String> options(Medium medium) {
    return medium == Medium.DISK
        ? List.of("tiered.rocksdb.write_buffer_size=65536", "tiered.rocksdb.level0_file_num_compaction_trigger=2",
            "tiered.rocksdb.max_bytes_for_level_base=262144", "tiered.rocksdb.target_file_size_base=65536")
        : List.of(PowerLossWorker.SMALL_MAP + SMALL_MAP_BYTES);
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Medium.class)
  void everyAcknowledgedWriteSurvivesCutsDuringFlushesCompactionsAndMapGrowth(Medium medium) throws Exception {
    Random random = new Random(PowerLossRig.SEED + 30 + medium.ordinal());
    List<Map<String, Long>> figures = new ArrayList<>();
    try (PowerLossRig rig = new PowerLossRig(PowerLossRig.Mutation.NONE, options(medium))) {
      Map<String, String> known = Map.of();
      for (int round = 0; round < ROUNDS; round++) {
        // the delay after the Load is random; what it must cut through is there first, however
        // slowly a busy machine runs the worker (the assertions below check it happened)
        if (medium == Medium.DISK) {
          rig.cutOnlyOnce(f -> f.getOrDefault("FlushWriteBytes", 0L) > 0, ", waiting for a flush");
        } else {
          boolean first = round == 0;
          rig.cutOnlyOnce(f -> !first || f.getOrDefault("MapGrowths", 0L) >= 2, ", waiting for two map growths");
        }
        int keepPermille = round == 0 ? 0 : 1 + random.nextInt(999);
        PowerLossRig.Round r = rig.round(medium, SyncMode.ALWAYS, round, known, -1, 300 + random.nextInt(1200),
            keepPermille, random.nextLong());
        assertTrue(r.verdict().holds(), r.where() + ", " + r.log().acks() + " writes acknowledged, store figures "
            + r.log().figures() + ": " + r.verdict().describe());
        figures.add(r.log().figures());
        System.out.printf("%s: acknowledged %s; the store before the cut: %s; after it all %d keys as"
            + " acknowledged%s%n", r.where(), r.log().kinds(), r.log().figures(), r.verdict().checked(), r.cut());
        if (medium == Medium.DISK) {
          assertTrue(r.log().figures().getOrDefault("FlushWriteBytes", 0L) > 0, r.where() + ": no flush before the cut: "
              + r.log().figures());
        }
        known = r.verdict().found();
      }
    }
    if (medium == Medium.DISK) {
      assertTrue(figures.stream().anyMatch(f -> f.getOrDefault("CompactWriteBytes", 0L) > 0),
          "no compaction in any round: " + figures);
    } else {
      assertTrue(figures.get(0).getOrDefault("MapGrowths", 0L) >= 2, "the map did not grow during the Load: " + figures);
    }
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Medium.class)
  void withoutItsSyncsTheSameRunLosesAcknowledgedWrites(Medium medium) throws Exception {
    Random random = new Random(PowerLossRig.SEED + 40 + medium.ordinal());
    try (PowerLossRig rig = new PowerLossRig(PowerLossRig.Mutation.STORE_SKIPS_SYNC, options(medium))) {
      PowerLossRig.Round r = rig.round(medium, SyncMode.ALWAYS, 0, Map.of(), -1, 300 + random.nextInt(700), 0, 0);
      assertFalse(r.verdict().holds(), r.where() + ": the check passed although the store skipped its syncs ("
          + r.log().acks() + " writes acknowledged, store figures " + r.log().figures() + ")");
      System.out.printf("%s: acknowledged %s; the store before the cut: %s; the check failed: %s%n", r.where(),
          r.log().kinds(), r.log().figures(), r.verdict().describe());
    }
  }
}
