package io.github.ycsbtiers.tiered.powerloss;

import io.github.ycsbtiers.tiered.store.StoreOptions;
import io.github.ycsbtiers.tiered.store.TieredStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Reopens a store and compares every record with what the worker was told: a key must be in its
 * last acknowledged state, or in the state of the one write that was in flight when the worker
 * died (which may or may not have reached the medium). A key no write ever named must not exist.
 */
final class DurabilityCheck {
  private static final int SHOWN = 10;

  private DurabilityCheck() {
  }

  /** Outcome: the states found per key, and every key that broke the rule. */
  /**
   * @param lost acknowledged records missing
   * @param stale records present with a value other than the acknowledged one (or the one in flight)
   * @param resurrected records an acknowledged delete removed, back
   */
  record Verdict(int checked, int lost, int stale, int resurrected, List<String> violations,
                 Map<String, String> found) {
    boolean holds() {
      return violations.isEmpty();
    }

    String describe() {
      return violations.size() + " of " + checked + " keys not as acknowledged (" + lost
          + " acknowledged records missing, " + stale + " with an older or foreign value, " + resurrected
          + " deleted records back), e.g.: " + String.join("; ", violations.subList(0,
          Math.min(SHOWN, violations.size())));
    }
  }

  static Verdict check(StoreOptions options, Map<String, String> acked, Map<String, String> pending) {
    Map<String, String> found = new HashMap<>();
    List<String> violations = new ArrayList<>();
    int lost = 0;
    int stale = 0;
    int resurrected = 0;
    TreeSet<String> keys = new TreeSet<>(acked.keySet());
    keys.addAll(pending.keySet());
    try (TieredStore store = TieredStore.open(options)) {
      store.scan("", Integer.MAX_VALUE, (key, value) -> keys.add(key));
      for (String key : keys) {
        String want = acked.getOrDefault(key, Records.ABSENT);
        String inFlight = pending.get(key);
        String got = Records.stateOf(key, store.get(key));
        found.put(key, got);
        if (!got.equals(want) && !got.equals(inFlight)) {
          violations.add(key + " is " + got + ", acknowledged " + want
              + (inFlight == null ? "" : ", in flight " + inFlight));
          if (got.equals(Records.ABSENT)) {
            lost++;
          } else if (want.equals(Records.ABSENT)) {
            resurrected++;
          } else {
            stale++;
          }
        }
      }
    } catch (RuntimeException e) {
      violations.add("the store does not open or read: " + e);
      lost = (int) acked.values().stream().filter(s -> !s.equals(Records.ABSENT)).count();
    }
    return new Verdict(keys.size(), lost, stale, resurrected, violations, found);
  }
}
