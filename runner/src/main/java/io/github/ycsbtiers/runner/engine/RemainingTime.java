package io.github.ycsbtiers.runner.engine;

import java.util.concurrent.TimeUnit;

/** Formats an estimated time to completion the way upstream's status line does. */
final class RemainingTime {
  private RemainingTime() {
  }

  static String format(long seconds) {
    StringBuilder time = new StringBuilder();
    long days = TimeUnit.SECONDS.toDays(seconds);
    if (days > 0) {
      time.append(days).append(days == 1 ? " day " : " days ");
      seconds -= TimeUnit.DAYS.toSeconds(days);
    }
    long hours = TimeUnit.SECONDS.toHours(seconds);
    if (hours > 0) {
      time.append(hours).append(hours == 1 ? " hour " : " hours ");
      seconds -= TimeUnit.HOURS.toSeconds(hours);
    }
    // Minutes only below a day, seconds only below a minute, as upstream.
    if (days < 1) {
      long minutes = TimeUnit.SECONDS.toMinutes(seconds);
      if (minutes > 0) {
        time.append(minutes).append(minutes == 1 ? " minute " : " minutes ");
        seconds -= TimeUnit.MINUTES.toSeconds(minutes);
      }
    }
    if (time.length() == 0) {
      time.append(seconds).append(seconds == 1 ? " second " : " seconds ");
    }
    return time.toString();
  }
}
