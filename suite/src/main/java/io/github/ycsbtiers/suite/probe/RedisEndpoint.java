package io.github.ycsbtiers.suite.probe;

import java.util.Map;

/**
 * Where and how to reach a remote target, from the {@code redis.*} properties the {@code redis}
 * binding reads (the first entry of {@code redis.host}; {@code redis.password} may be
 * {@code user:password}).
 */
public record RedisEndpoint(String host, int port, String user, String password, int database,
    boolean tls, int timeoutMillis) {

  public static RedisEndpoint fromProperties(Map<String, String> p) {
    String hosts = p.getOrDefault("redis.host", "127.0.0.1");
    String first = hosts.split(",")[0].trim();
    int port = Integer.parseInt(p.getOrDefault("redis.port", "6379"));
    String host = first;
    if (first.startsWith("[")) {
      int close = first.indexOf(']');
      host = first.substring(1, close);
      if (first.length() > close + 2 && first.charAt(close + 1) == ':') {
        port = Integer.parseInt(first.substring(close + 2));
      }
    } else if (first.indexOf(':') > 0 && first.indexOf(':') == first.lastIndexOf(':')) {
      host = first.substring(0, first.indexOf(':'));
      port = Integer.parseInt(first.substring(first.indexOf(':') + 1));
    }
    String user = p.get("redis.user");
    String password = p.get("redis.password");
    if (password != null && user == null && password.indexOf(':') > 0) {
      user = password.substring(0, password.indexOf(':'));
      password = password.substring(password.indexOf(':') + 1);
    }
    return new RedisEndpoint(host, port, user, password, Integer.parseInt(p.getOrDefault("redis.database", "0")),
        Boolean.parseBoolean(p.getOrDefault("redis.tls", "false")),
        Integer.parseInt(p.getOrDefault("redis.timeout", "2000")));
  }

  @Override
  public String toString() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}
