package io.github.ycsbtiers.tiered.powerloss;

import io.github.ycsbtiers.tiered.store.StoreOptions;
import io.github.ycsbtiers.tiered.store.TieredStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reopens a store and compares every record with what the worker was told: a key must be in its
 * last acknowledged state, or in the state of the one write that was in flight when the worker
 * died (which may or may not have reached the medium). A key no write ever named must not exist.
 * {@link #judge} compares the states read against a weaker promise (a key in a required state or
 * one of the newer states it may have reached), for {@code tiered.sync=periodic}.
 */
final class DurabilityCheck {
  private static final int SHOWN = 10;

  private DurabilityCheck() {
  }

  /**
   * Outcome: the states found per key, and every key that broke the rule.
   *
   * @param lost acknowledged records missing
   * @param stale records present with a value other than the acknowledged one (or the one in flight)
   * @param resurrected records an acknowledged delete removed, back
   * @param unreadable why the store did not open or read, or null ({@code found} is then incomplete)
   */
  record Verdict(int checked, int lost, int stale, int resurrected, List<String> violations,
                 Map<String, String> found, String unreadable) {
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
    TreeSet<String> keys = new TreeSet<>(acked.keySet());
    keys.addAll(pending.keySet());
    Map<String, String> found = new HashMap<>();
    try (TieredStore store = TieredStore.open(options)) {
      store.scan("", Integer.MAX_VALUE, (key, value) -> keys.add(key));
      for (String key : keys) {
        found.put(key, Records.stateOf(key, store.get(key)));
      }
    } catch (RuntimeException e) {
      int lost = (int) acked.values().stream().filter(s -> !s.equals(Records.ABSENT)).count();
      return new Verdict(keys.size(), lost, 0, 0, List.of("the store does not open or read: " + e), found,
          e.toString());
    }
    Map<String, Set<String>> inFlight = new HashMap<>();
    pending.forEach((key, state) -> inFlight.put(key, Set.of(state)));
    return judge(found, acked, inFlight);
  }

  /**
   * Judges the states {@code found} (every key read from a store): a key must hold its state in
   * {@code required} ({@link Records#ABSENT} when it has none) or one of its {@code newer} states.
   */
  static Verdict judge(Map<String, String> found, Map<String, String> required, Map<String, Set<String>> newer) {
    List<String> violations = new ArrayList<>();
    int lost = 0;
    int stale = 0;
    int resurrected = 0;
    for (String key : new TreeSet<>(found.keySet())) {
      String want = required.getOrDefault(key, Records.ABSENT);
      Set<String> allowed = newer.getOrDefault(key, Set.of());
      String got = found.get(key);
      if (!got.equals(want) && !allowed.contains(got)) {
        violations.add(key + " is " + got + ", acknowledged " + want
            + (allowed.isEmpty() ? "" : ", or newer " + String.join(" / ", new TreeSet<>(allowed))));
        if (got.equals(Records.ABSENT)) {
          lost++;
        } else if (want.equals(Records.ABSENT)) {
          resurrected++;
        } else {
          stale++;
        }
      }
    }
    return new Verdict(found.size(), lost, stale, resurrected, violations, found, null);
  }
}
