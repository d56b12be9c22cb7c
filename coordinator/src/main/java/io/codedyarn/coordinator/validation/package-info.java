/**
 * Held-out data during training ({@code train --validation DIR | --validation-fraction F}): {@link
 * io.codedyarn.coordinator.validation.HeldOutRows} scores a point of the model on rows the run does
 * not train on, {@link io.codedyarn.coordinator.validation.ValidationCheck} decides when (every K
 * iterates), writes the {@code validation.csv} rows through the trace sink and stops the run early
 * when the held-out loss stops improving ({@code --early-stop P}).
 */
package io.codedyarn.coordinator.validation;
