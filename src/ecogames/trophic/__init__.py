"""Food-web science beside the games: standard structural properties, published webs as
data, and the niche and cascade models. ``ecogames.foodweb`` re-exports all of it."""

from .models import cascade_model, niche_model
from .properties import (
    PROPERTIES,
    FoodChainLimit,
    Property,
    food_chains,
    generality_sd,
    max_similarity,
    path_length,
    prey_averaged_trophic_levels,
    properties,
    properties_frame,
    short_weighted_trophic_levels,
    shortest_trophic_levels,
    trophic_similarity,
    vulnerability_sd,
)
from .published import published, sources, trophic_species

__all__ = ["PROPERTIES", "FoodChainLimit", "Property", "cascade_model", "food_chains",
           "generality_sd", "max_similarity", "niche_model", "path_length",
           "prey_averaged_trophic_levels", "properties", "properties_frame", "published",
           "short_weighted_trophic_levels", "shortest_trophic_levels", "sources",
           "trophic_similarity", "trophic_species", "vulnerability_sd"]
