package io.github.ycsbtiers.redis.options;

import java.util.List;
import java.util.Objects;
import redis.clients.jedis.HostAndPort;

/**
 * The Sentinels that name the primary ({@code redis.sentinels}), the name they monitor it under
 * ({@code redis.sentinel.master}) and the Sentinels' own credentials ({@code redis.sentinel.user},
 * {@code redis.sentinel.password}; null for none). {@link #toString} never shows the password.
 */
public record Sentinels(List<HostAndPort> addresses, String master, String user, String password) {
  public Sentinels {
    addresses = List.copyOf(addresses);
    Objects.requireNonNull(master, "master");
  }

  @Override
  public String toString() {
    return "Sentinels[" + addresses + ", master=" + master + ", user=" + user + ", password="
        + (password == null ? "none" : "*****") + "]";
  }
}
