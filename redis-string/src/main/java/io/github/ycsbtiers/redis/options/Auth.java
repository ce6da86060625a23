package io.github.ycsbtiers.redis.options;

/**
 * Who the client logs in as: the ACL {@code user} (null for the default user) and the {@code
 * password} (null for none), the user perhaps taken from {@code redis.password=user:password}
 * ({@code userInPassword}). {@link #toString} never shows the password.
 */
public record Auth(String user, String password, boolean userInPassword) {
  public static final Auth NONE = new Auth(null, null, false);

  /**
   * The user as messages may name it: taken from {@code user:password}, the part before the colon
   * may belong to a password that contains one, so it is not shown.
   */
  public String userForMessages() {
    if (user == null) {
      return "default";
    }
    return userInPassword ? "(the user named in " + RedisProperties.PASSWORD + ")" : user;
  }

  @Override
  public String toString() {
    return "user=" + userForMessages() + ", password=" + (password == null ? "none" : "*****");
  }
}
