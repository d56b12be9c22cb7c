/**
 * {@code --scheme auto}: the run starts uncoded and the coordinator picks the exact code and its
 * redundancy from what it measures, switching while the job runs. {@link
 * io.codedyarn.coordinator.auto.AutoPlanner} is the step between rounds; it replays a live window
 * of measured service times through every candidate code with the simulator behind {@code advise},
 * and moves data with the adaptation's {@link io.codedyarn.coordinator.adapt.PlanSwitch}. It may
 * use the round, the adaptation and placement, never a method family. Issue 28; design in
 * docs/auto-design.md.
 */
package io.codedyarn.coordinator.auto;
