package io.github.ycsbtiers.runner.profile;

import io.github.ycsbtiers.api.ResultSection;

/**
 * The report's {@code [PROFILE]} section, an addition printed only under {@code target.profile}:
 * the profile, what it offered this process, and how many operations were late (sent more than
 * {@code target.profile.late} after their due time) or dropped ({@code target.profile.maxbacklog}).
 * <pre>
 * [PROFILE], Profile, ramp 1000 5000 60s
 * [PROFILE], Clients, 1 of 1
 * [PROFILE], DurationSeconds, 60
 * [PROFILE], PeakRate(ops/sec), 5000
 * [PROFILE], OfferedOperations, 180000
 * [PROFILE], LateBound(us), 10000
 * [PROFILE], LateOperations, 0
 * [PROFILE], DroppedOperations, 0
 * </pre>
 */
public final class ProfileSection {
  private ProfileSection() {
  }

  public static ResultSection of(ProfileOptions p, long late, long dropped) {
    return ResultSection.builder("PROFILE")
        .add("Profile", p.text().replaceAll("\\s+", " "))
        .add("Clients", (p.index() + 1) + " of " + p.clients())
        .add("DurationSeconds", p.schedule().seconds())
        .add("PeakRate(ops/sec)", p.schedule().peak())
        .add("OfferedOperations", p.processOperations())
        .add("LateBound(us)", p.lateNanos() / 1000)
        .add("LateOperations", late)
        .add("DroppedOperations", dropped)
        .build();
  }
}
